//! One lock policy for the whole bot: a lock whose holder panicked (a poisoned lock) is taken as
//! it is, never a second panic. What the bot keeps under a lock (a table's actors, a reply's
//! state, the dice, caches) is always left whole between two statements, so the state a panic
//! left is one the next holder can use; panicking again would take down a task that had nothing
//! to do with the first, or the whole process, for one bad click. Outside tests, `lock().unwrap()` is not used.

use std::sync::{Mutex, MutexGuard, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

/// The lock policy for a [`Mutex`]: take the lock, poisoned or not.
pub trait Lock<T: ?Sized> {
    /// The lock, taken whether or not a holder panicked.
    fn locked(&self) -> MutexGuard<'_, T>;
}

impl<T: ?Sized> Lock<T> for Mutex<T> {
    fn locked(&self) -> MutexGuard<'_, T> {
        self.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The same policy for a [`RwLock`]'s readers and writer.
pub trait ReadWrite<T: ?Sized> {
    fn reading(&self) -> RwLockReadGuard<'_, T>;
    fn writing(&self) -> RwLockWriteGuard<'_, T>;
}

impl<T: ?Sized> ReadWrite<T> for RwLock<T> {
    fn reading(&self) -> RwLockReadGuard<'_, T> {
        self.read().unwrap_or_else(PoisonError::into_inner)
    }

    fn writing(&self) -> RwLockWriteGuard<'_, T> {
        self.write().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_poisoned_lock_is_taken_as_it_is() {
        let lock = std::sync::Arc::new(Mutex::new(1));
        let held = lock.clone();
        let _ = std::thread::spawn(move || {
            let mut guard = held.locked();
            *guard = 2;
            panic!("a holder panics");
        })
        .join();
        assert!(lock.is_poisoned());
        assert_eq!(*lock.locked(), 2);
        let rw = std::sync::Arc::new(RwLock::new(1));
        let held = rw.clone();
        let _ = std::thread::spawn(move || {
            let _guard = held.writing();
            panic!("a writer panics");
        })
        .join();
        assert_eq!(*rw.reading(), 1);
        *rw.writing() = 3;
        assert_eq!(*rw.reading(), 3);
    }
}
