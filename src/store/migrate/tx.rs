//! A transaction on either backend ([`Tx`]), and the SQL that reads and writes a page of a table
//! on it, a column's values bound and decoded by its type.

use sqlx::query_builder::Separated;
use sqlx::{ColumnIndex, Database, Decode, Encode, QueryBuilder, Row, Type};

use super::schema::{Rows, Table, Ty, Value, PAGE, TABLES};
use crate::store::{Backend, Store};

/// A transaction on one backend. Its methods run the same code on each (see `on!`), with the
/// backend's own SQL where the two differ ([`Dialect`]).
pub(super) enum Tx {
    Sqlite(sqlx::Transaction<'static, sqlx::Sqlite>),
    Postgres(sqlx::Transaction<'static, sqlx::Postgres>),
}

/// `$body` with `$tx` the backend's transaction and `$db` its database type.
macro_rules! on {
    ($on:expr, $tx:ident: $db:ident => $body:expr) => {
        match $on {
            Tx::Sqlite($tx) => {
                #[allow(unused)]
                type $db = sqlx::Sqlite;
                $body
            }
            Tx::Postgres($tx) => {
                #[allow(unused)]
                type $db = sqlx::Postgres;
                $body
            }
        }
    };
}

/// What SQL the backends write differently.
trait Dialect: Database {
    /// Added to a text column to order it byte by byte (as the other backend does), so that both
    /// sides read their pages in the same order.
    const BYTEWISE: &'static str;
    /// The column names of `$1`, a table, in order.
    const COLUMNS: &'static str;
}

impl Dialect for sqlx::Sqlite {
    // SQLite's default collation, BINARY, is already bytewise.
    const BYTEWISE: &'static str = "";
    const COLUMNS: &'static str = "SELECT name FROM pragma_table_info($1) ORDER BY cid";
}

impl Dialect for sqlx::Postgres {
    const BYTEWISE: &'static str = " COLLATE \"C\"";
    const COLUMNS: &'static str =
        "SELECT CAST(column_name AS TEXT) FROM information_schema.columns \
                                   WHERE table_schema = current_schema() AND table_name = $1 \
                                   ORDER BY ordinal_position";
}

impl Tx {
    /// A read-only snapshot: every query of it sees the database as it was at its first.
    pub(super) async fn read(store: &Store) -> sqlx::Result<Tx> {
        Ok(match &store.backend {
            // A deferred transaction: its first read takes the snapshot, held until it ends.
            Backend::Sqlite(q) => Tx::Sqlite(q.pool.begin().await?),
            Backend::Postgres(q) => {
                let mut tx = q.pool.begin().await?;
                sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                    .execute(&mut *tx)
                    .await?;
                Tx::Postgres(tx)
            }
        })
    }

    /// A transaction that writes (on SQLite, on the store's one writing connection).
    pub(super) async fn write(store: &Store) -> sqlx::Result<Tx> {
        Ok(match &store.backend {
            Backend::Sqlite(q) => Tx::Sqlite(q.writer.begin().await?),
            Backend::Postgres(q) => Tx::Postgres(q.writer.begin().await?),
        })
    }

    pub(super) async fn commit(self) -> sqlx::Result<()> {
        on!(self, tx: Db => tx.commit().await)
    }

    pub(super) async fn rollback(self) -> sqlx::Result<()> {
        on!(self, tx: Db => tx.rollback().await)
    }

    /// The rows of each table, in [`TABLES`]'s order.
    pub(super) async fn counts(&mut self) -> sqlx::Result<Vec<u64>> {
        let mut counts = Vec::new();
        for table in &TABLES {
            let sql = format!("SELECT COUNT(*) FROM {}", table.name);
            let n: i64 = on!(self, tx: Db => {
                sqlx::query_scalar::<Db, i64>(&sql).fetch_one(&mut **tx).await?
            });
            counts.push(n as u64);
        }
        Ok(counts)
    }

    pub(super) async fn columns(&mut self, table: &str) -> sqlx::Result<Vec<String>> {
        on!(self, tx: Db => {
            sqlx::query_scalar::<Db, String>(<Db as Dialect>::COLUMNS)
                .bind(table)
                .fetch_all(&mut **tx)
                .await
        })
    }

    /// Up to [`PAGE`] rows of `table` in key order, from the first after the key `after`.
    pub(super) async fn page(
        &mut self,
        table: &Table,
        after: Option<Vec<Value>>,
    ) -> sqlx::Result<Rows> {
        on!(self, tx: Db => {
            let mut query = page_query::<Db>(table, after);
            let rows = query.build().fetch_all(&mut **tx).await?;
            rows.iter().map(|row| decode(row, table)).collect()
        })
    }

    pub(super) async fn insert(&mut self, table: &Table, rows: Rows) -> sqlx::Result<()> {
        on!(self, tx: Db => {
            let mut query = QueryBuilder::<Db>::new(format!(
                "INSERT INTO {} ({}) ",
                table.name,
                table.column_list()
            ));
            query.push_values(rows, |mut values, row| {
                for (value, &(_, ty)) in row.into_iter().zip(table.columns) {
                    bind(&mut values, value, ty);
                }
            });
            query.build().execute(&mut **tx).await?;
            Ok(())
        })
    }

    /// New games numbered past the copied ones: PostgreSQL's identity sequence does not follow
    /// ids inserted explicitly (SQLite's AUTOINCREMENT does).
    pub(super) async fn follow_ids(&mut self) -> sqlx::Result<()> {
        if let Tx::Postgres(tx) = self {
            sqlx::query(
                "SELECT setval(pg_get_serial_sequence('games', 'id'), MAX(id)) FROM games \
                 HAVING MAX(id) IS NOT NULL",
            )
            .execute(&mut **tx)
            .await?;
        }
        Ok(())
    }
}

/// `SELECT` of a page of `table` in key order (text compared bytewise on both backends).
fn page_query<DB: Dialect>(table: &Table, after: Option<Vec<Value>>) -> QueryBuilder<'static, DB>
where
    for<'a> DB::Arguments<'a>: Default,
    i64: for<'a> Encode<'a, DB> + Type<DB>,
    Option<i64>: for<'a> Encode<'a, DB> + Type<DB>,
    String: for<'a> Encode<'a, DB> + Type<DB>,
    Option<String>: for<'a> Encode<'a, DB> + Type<DB>,
    bool: for<'a> Encode<'a, DB> + Type<DB>,
    Option<f64>: for<'a> Encode<'a, DB> + Type<DB>,
{
    let key: Vec<String> = table.columns[..table.key]
        .iter()
        .map(|(name, ty)| match ty {
            Ty::Text => format!("{name}{}", DB::BYTEWISE),
            _ => name.to_string(),
        })
        .collect();
    let key = key.join(", ");
    let mut query = QueryBuilder::new(format!(
        "SELECT {} FROM {} ",
        table.column_list(),
        table.name
    ));
    if let Some(after) = after {
        query.push(format!("WHERE ({key}) > ("));
        let mut values = query.separated(", ");
        for (value, &(_, ty)) in after.into_iter().zip(table.columns) {
            bind(&mut values, value, ty);
        }
        query.push(") ");
    }
    query.push(format!("ORDER BY {key} LIMIT {PAGE}"));
    query
}

/// Binds `value`, of a column of type `ty`.
fn bind<DB: Database>(values: &mut Separated<'_, 'static, DB, &'static str>, value: Value, ty: Ty)
where
    i64: for<'a> Encode<'a, DB> + Type<DB>,
    Option<i64>: for<'a> Encode<'a, DB> + Type<DB>,
    Option<String>: for<'a> Encode<'a, DB> + Type<DB>,
    String: for<'a> Encode<'a, DB> + Type<DB>,
    bool: for<'a> Encode<'a, DB> + Type<DB>,
    Option<f64>: for<'a> Encode<'a, DB> + Type<DB>,
{
    match value {
        Value::Int(n) => values.push_bind(n),
        // A NULL of its column's type: PostgreSQL gives each column of a multi-row VALUES one
        // type, which a NULL bound as another would contradict.
        Value::Null => match ty {
            Ty::TextOrNull => values.push_bind(None::<String>),
            Ty::RealOrNull => values.push_bind(None::<f64>),
            _ => values.push_bind(None::<i64>),
        },
        Value::Text(text) => values.push_bind(text),
        Value::Bool(b) => values.push_bind(b),
        Value::Real(bits) => values.push_bind(Some(f64::from_bits(bits))),
    };
}

fn decode<'r, R: Row>(row: &'r R, table: &Table) -> sqlx::Result<Vec<Value>>
where
    usize: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    String: Decode<'r, R::Database> + Type<R::Database>,
    bool: Decode<'r, R::Database> + Type<R::Database>,
    f64: Decode<'r, R::Database> + Type<R::Database>,
{
    table
        .columns
        .iter()
        .enumerate()
        .map(|(i, (_, ty))| {
            Ok(match ty {
                Ty::Int => Value::Int(row.try_get(i)?),
                Ty::IntOrNull => row
                    .try_get::<Option<i64>, _>(i)?
                    .map_or(Value::Null, Value::Int),
                Ty::Text => Value::Text(row.try_get(i)?),
                Ty::TextOrNull => row
                    .try_get::<Option<String>, _>(i)?
                    .map_or(Value::Null, Value::Text),
                Ty::Bool => Value::Bool(row.try_get(i)?),
                Ty::RealOrNull => row
                    .try_get::<Option<f64>, _>(i)?
                    .map_or(Value::Null, |x| Value::Real(x.to_bits())),
            })
        })
        .collect()
}
