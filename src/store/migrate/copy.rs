//! The copy ([`copy`]: every table from one snapshot of the source into one transaction of the
//! target, a page at a time in key order) and its check ([`compare`]: every row read again on
//! both sides).

use super::schema::{Value, PAGE, TABLES};
use super::tx::Tx;
use super::{End, MigrateError};
use crate::store::Store;

/// Copies every table, a page at a time, from one snapshot of the source into one transaction of
/// the target; the rows of each table.
pub(super) async fn copy(
    source: &End<'_>,
    from: &Store,
    target: &End<'_>,
    to: &Store,
) -> Result<Vec<(&'static str, u64)>, MigrateError> {
    let mut read = source.at(Tx::read(from).await)?;
    source.check_columns(&mut read).await?;
    let mut write = target.at(Tx::write(to).await)?;
    target.check_columns(&mut write).await?;
    // Again in the transaction that writes: another migration may have filled it meanwhile.
    target.empty(target.at(write.counts().await)?)?;
    let mut copied = Vec::new();
    for table in &TABLES {
        let mut after = None;
        let mut n = 0;
        loop {
            let rows = source.at(read.page(table, after.take()).await)?;
            let last = rows.len() < PAGE;
            n += rows.len() as u64;
            if let Some(row) = rows.last() {
                after = Some(row[..table.key].to_vec());
                target.at(write.insert(table, rows).await)?;
            }
            if last {
                break;
            }
        }
        copied.push((table.name, n));
    }
    // Each side's count in its own transaction: what was read is the snapshot's whole, and what
    // was written is all there is (or nothing is committed).
    let counts = |tx: Vec<u64>| TABLES.iter().map(|t| t.name).zip(tx).collect::<Vec<_>>();
    let in_source = counts(source.at(read.counts().await)?);
    let in_target = counts(target.at(write.counts().await)?);
    if in_source != copied || in_target != copied {
        return Err(MigrateError::Mismatch {
            url: target.shown(),
            why: format!(
                "the source has {in_source:?}, {copied:?} were copied, the target would have \
                 {in_target:?}; nothing was written"
            ),
        });
    }
    target.at(write.follow_ids().await)?;
    target.at(write.commit().await)?;
    source.at(read.rollback().await)?;
    Ok(copied)
}

/// Every table read again on both sides, a page at a time in key order, compared row by row:
/// the rows of each table.
pub(super) async fn compare(
    source: &End<'_>,
    from: &Store,
    target: &End<'_>,
    to: &Store,
) -> Result<Vec<(&'static str, u64)>, MigrateError> {
    let mut original = source.at(Tx::read(from).await)?;
    let mut copy = target.at(Tx::read(to).await)?;
    let mut rows = Vec::new();
    for table in &TABLES {
        let mut after = None;
        let mut n = 0;
        loop {
            let a = source.at(original.page(table, after.clone()).await)?;
            let b = target.at(copy.page(table, after.take()).await)?;
            if let Some(i) = (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i)) {
                let key = |row: &Vec<Value>| {
                    let key: Vec<String> = row[..table.key].iter().map(Value::to_string).collect();
                    format!("({})", key.join(", "))
                };
                return Err(target.mismatch(match (a.get(i), b.get(i)) {
                    (Some(a), Some(b)) if a[..table.key] == b[..table.key] => {
                        format!("{} row {} differs", table.name, key(a))
                    }
                    (Some(a), _) => format!("{} row {} is not in the copy", table.name, key(a)),
                    (None, Some(b)) => {
                        format!("{} row {} is not in the source", table.name, key(b))
                    }
                    (None, None) => unreachable!("rows differ"),
                }));
            }
            n += a.len() as u64;
            let last = a.len() < PAGE;
            if let Some(row) = a.last() {
                after = Some(row[..table.key].to_vec());
            }
            if last {
                break;
            }
        }
        rows.push((table.name, n));
    }
    source.at(original.rollback().await)?;
    target.at(copy.rollback().await)?;
    Ok(rows)
}
