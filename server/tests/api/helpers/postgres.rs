//! A PostgreSQL database per test, for `SHOP_TEST_DATABASE=postgres`.

/// A PostgreSQL database made for one test and dropped after it.
pub struct PostgresDatabase {
    pub url: String,
    name: String,
    admin_url: String,
}

impl PostgresDatabase {
    pub async fn create() -> Self {
        use sqlx::Connection;
        let admin_url = std::env::var("SHOP_TEST_POSTGRES_URL")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
        let name = format!("shop_test_{}", uuid_like());
        let mut conn = sqlx::PgConnection::connect(&admin_url)
            .await
            .expect("PostgreSQL at SHOP_TEST_POSTGRES_URL");
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut conn)
            .await
            .expect("create the test database");
        // Throwaway data need not wait for the disk at every commit.
        sqlx::query(&format!(
            "ALTER DATABASE {name} SET synchronous_commit TO off"
        ))
        .execute(&mut conn)
        .await
        .expect("tune the test database");
        let base = admin_url
            .rsplit_once('/')
            .map(|(b, _)| b)
            .unwrap_or(&admin_url);
        PostgresDatabase {
            url: format!("{base}/{name}"),
            name,
            admin_url,
        }
    }
}

impl PostgresDatabase {
    /// Runs one statement on the server's maintenance database, as its owner.
    pub async fn admin_execute(&self, sql: &str) {
        use sqlx::Connection;
        let mut conn = sqlx::PgConnection::connect(&self.admin_url)
            .await
            .expect("PostgreSQL at SHOP_TEST_POSTGRES_URL");
        sqlx::query(sql)
            .execute(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    }

    /// Cuts the shop off: no new connections to its database, and the open
    /// ones closed by the server, as when PostgreSQL restarts.
    pub async fn refuse_connections(&self) {
        let name = &self.name;
        self.admin_execute(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS false"))
            .await;
        self.admin_execute(&format!(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = '{name}' AND pid <> pg_backend_pid()"
        ))
        .await;
    }

    /// Closes every open connection to the shop's database from the server's
    /// side, as a failover or a network cut does; new ones are let in.
    pub async fn terminate_connections(&self) {
        let name = &self.name;
        self.admin_execute(&format!(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = '{name}' AND pid <> pg_backend_pid()"
        ))
        .await;
    }

    /// Lets the shop connect again.
    pub async fn allow_connections(&self) {
        let name = &self.name;
        self.admin_execute(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS true"))
            .await;
    }
}

impl Drop for PostgresDatabase {
    fn drop(&mut self) {
        let (admin_url, name) = (self.admin_url.clone(), self.name.clone());
        // Drop runs inside the test's runtime: use a thread with its own.
        let _ = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async {
                use sqlx::Connection;
                if let Ok(mut conn) = sqlx::PgConnection::connect(&admin_url).await {
                    let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                        .execute(&mut conn)
                        .await;
                }
            });
        })
        .join();
    }
}

fn uuid_like() -> String {
    use rand::Rng;
    let n: u64 = rand::thread_rng().gen();
    format!("{n:016x}")
}
