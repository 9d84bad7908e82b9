//! Every query of the contact form.

use sea_query::{Expr, Iden, Order, Query};

use super::{ContactMessage, ContactRequest};
use crate::core::db::{self, Db};
use crate::core::input::Page;
use crate::mail::{self, Message};

#[derive(Iden)]
enum ContactMessages {
    Table,
    Id,
    Email,
    Subject,
    Message,
    CreatedAt,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: i64,
    email: String,
    subject: String,
    message: String,
    created_at: String,
}

/// Stores the message and, in the same transaction, the mail that tells
/// the shop of it (sent to `shop_address`); answers its id.
pub(super) async fn insert(
    db: &Db,
    shop_address: &str,
    sent: &ContactRequest,
) -> Result<i64, sqlx::Error> {
    let (_turn, mut tx) = db.begin_write().await?;
    let statement = Query::insert()
        .into_table(ContactMessages::Table)
        .columns([
            ContactMessages::Email,
            ContactMessages::Subject,
            ContactMessages::Message,
            ContactMessages::CreatedAt,
        ])
        .values_panic([
            sent.email.clone().into(),
            sent.subject.clone().into(),
            sent.message.clone().into(),
            db::now().into(),
        ])
        .returning_col(ContactMessages::Id)
        .to_owned();
    let rows: Vec<(i64,)> = db.fetch_all_on(&mut *tx, &statement).await?;
    let id = rows
        .first()
        .map(|(id,)| *id)
        .ok_or(sqlx::Error::RowNotFound)?;
    mail::enqueue(
        &mut tx,
        shop_address,
        Message::ContactReceived {
            id,
            from: sent.email.clone(),
            subject: sent.subject.clone(),
            message: sent.message.clone(),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(id)
}

/// A page of messages, newest first, and how many there are.
pub(super) async fn page(db: &Db, page: &Page) -> Result<(Vec<ContactMessage>, i64), sqlx::Error> {
    let select = Query::select()
        .columns([
            ContactMessages::Id,
            ContactMessages::Email,
            ContactMessages::Subject,
            ContactMessages::Message,
            ContactMessages::CreatedAt,
        ])
        .from(ContactMessages::Table)
        .order_by(ContactMessages::Id, Order::Desc)
        .limit(page.sql_limit())
        .offset(page.offset)
        .to_owned();
    let rows: Vec<Row> = db.fetch_all(&select).await?;
    let (total,): (i64,) = db
        .fetch_one(
            &Query::select()
                .expr(Expr::col(ContactMessages::Id).count())
                .from(ContactMessages::Table)
                .to_owned(),
        )
        .await?;
    let messages = rows
        .into_iter()
        .map(|r| ContactMessage {
            id: r.id.to_string(),
            email: r.email,
            subject: r.subject,
            message: r.message,
            created_at: r.created_at,
        })
        .collect();
    Ok((messages, total))
}
