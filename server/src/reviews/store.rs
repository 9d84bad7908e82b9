//! Every query of the reviews.

use sea_query::{Alias, Expr, Iden, Order, Query};

use super::{NewReview, Review};
use crate::core::db::{self, Db};
use crate::core::input::Page;
use crate::orders::{Bookings, Payment};

#[derive(Iden)]
enum Reviews {
    Table,
    Id,
    UserId,
    Name,
    Description,
    Rating,
    Img,
    CreatedAt,
}

#[derive(sqlx::FromRow)]
pub(super) struct ReviewRow {
    id: i64,
    name: String,
    description: String,
    rating: i64,
    img: String,
    created_at: String,
    verified_buyer: i64,
}

impl From<ReviewRow> for Review {
    fn from(r: ReviewRow) -> Self {
        Review {
            id: r.id.to_string(),
            name: r.name,
            description: r.description,
            rating: r.rating,
            img: r.img,
            created_at: r.created_at,
            verified_buyer: r.verified_buyer != 0,
        }
    }
}

/// A page of reviews, newest first, each marked when its author has a paid
/// order; and how many reviews there are in all.
pub(super) async fn page(db: &Db, page: &Page) -> Result<(Vec<ReviewRow>, i64), sqlx::Error> {
    // A paid order by the author: one indexed look-up per review shown.
    let paid_order = Query::select()
        .expr(Expr::val(1))
        .from(Bookings::Table)
        .and_where(
            Expr::col((Bookings::Table, Bookings::BuyerId))
                .equals((Reviews::Table, Reviews::UserId)),
        )
        .and_where(Expr::col((Bookings::Table, Bookings::PaymentStatus)).eq(Payment::Paid.as_str()))
        .to_owned();
    let select = Query::select()
        .columns([
            (Reviews::Table, Reviews::Id),
            (Reviews::Table, Reviews::Name),
            (Reviews::Table, Reviews::Description),
            (Reviews::Table, Reviews::Rating),
            (Reviews::Table, Reviews::Img),
            (Reviews::Table, Reviews::CreatedAt),
        ])
        .expr_as(
            Expr::case(Expr::exists(paid_order), 1i64).finally(0i64),
            Alias::new("verified_buyer"),
        )
        .from(Reviews::Table)
        .order_by((Reviews::Table, Reviews::Id), Order::Desc)
        .limit(page.sql_limit())
        .offset(page.offset)
        .to_owned();
    let rows: Vec<ReviewRow> = db.fetch_all(&select).await?;
    let (total,): (i64,) = db
        .fetch_one(
            &Query::select()
                .expr(Expr::col(Reviews::Id).count())
                .from(Reviews::Table)
                .to_owned(),
        )
        .await?;
    Ok((rows, total))
}

/// Adds a review, answering its id.
pub async fn insert(db: &Db, review: &NewReview) -> Result<i64, sqlx::Error> {
    let statement = Query::insert()
        .into_table(Reviews::Table)
        .columns([
            Reviews::UserId,
            Reviews::Name,
            Reviews::Description,
            Reviews::Rating,
            Reviews::Img,
            Reviews::CreatedAt,
        ])
        .values_panic([
            review.user_id.into(),
            review.name.clone().into(),
            review.description.clone().into(),
            review.rating.into(),
            review.img.clone().into(),
            db::now().into(),
        ])
        .returning_col(Reviews::Id)
        .to_owned();
    let (id,): (i64,) = db.fetch_one(&statement).await?;
    Ok(id)
}
