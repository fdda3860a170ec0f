//! Text buffers kept for the next batch: a large buffer that was written once has its pages
//! mapped, so writing it again costs no page faults (the kernel zeroes every fresh page it
//! hands out: for a batch's output of tens of megabytes, a third of the batch's time).
//!
//! A batch takes its buffers here ([`take`]) when they are large, and gives back the ones it
//! only used on the way ([`recycle`]); a caller that hands the result on (an Arrow array)
//! gives its text back with [`recycle`] once the array is freed. At most [`MAX_SPARE`] bytes
//! of buffers are kept (the largest), the memory held between batches: about the output of
//! a batch of a few million rows (one buffer, or one per chunk of a chunked column).

use std::sync::{Mutex, PoisonError};

/// Buffers smaller than this are not worth keeping (the allocator reuses them itself).
const MIN_SPARE: usize = 1 << 20;

/// The most bytes of buffers kept.
const MAX_SPARE: usize = 256 << 20;

static SPARE: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());

/// Keeps `buffer` (its contents dropped, its memory kept) for a later batch, when it is
/// large enough to be worth keeping; the smallest kept buffers are dropped to stay within
/// 256 MiB in all.
pub fn recycle(mut buffer: Vec<u8>) {
    if buffer.capacity() < MIN_SPARE {
        return;
    }
    buffer.clear();
    let mut spare = SPARE.lock().unwrap_or_else(PoisonError::into_inner);
    spare.push(buffer);
    while spare.iter().map(Vec::capacity).sum::<usize>() > MAX_SPARE {
        let Some((smallest, _)) = spare.iter().enumerate().min_by_key(|(_, b)| b.capacity()) else { break };
        spare.swap_remove(smallest);
    }
}

/// An empty buffer with room for at least `capacity` bytes: the smallest kept one that has
/// it and is at most twice as large (a small batch does not hold a large buffer's mapped
/// pages), else a new one (`None` when `capacity` cannot be had: the caller's buffer grows as
/// it is written).
pub(super) fn take(capacity: usize) -> Option<Vec<u8>> {
    if capacity >= MIN_SPARE {
        let mut spare = SPARE.lock().unwrap_or_else(PoisonError::into_inner);
        let fits = spare
            .iter()
            .enumerate()
            .filter(|(_, b)| b.capacity() >= capacity && b.capacity() / 2 <= capacity)
            .min_by_key(|(_, b)| b.capacity())
            .map(|(i, _)| i);
        if let Some(index) = fits {
            return Some(spare.swap_remove(index));
        }
    }
    let mut fresh = Vec::new();
    fresh.try_reserve_exact(capacity).ok().map(|()| fresh)
}
