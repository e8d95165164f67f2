//! The bot's heap: a size-class allocator that starts in a static arena, so that a game
//! never grows linear memory unless the bot really needs more than the arena.
//!
//! Rust's default allocator for `wasm32-unknown-unknown` (dlmalloc) asks `memory.grow`
//! for its first chunk in every game, whatever the module's initial size, and the
//! referee pays that growth (and shrinking the memory back) in every game of every
//! bot. This allocator serves requests from [`ARENA_BYTES`] of zeroed static memory
//! first: the arena is part of the module's initial memory (its `.bss`), costs nothing
//! until touched (the referee maps it copy-on-write and resets only the pages a game
//! dirtied), and needs no linker flag in the bot's build. Beyond it, memory is grown by
//! the pages a block needs, no more (the referee faults a bot whose `memory.grow` passes
//! its memory cap, so growing ahead could fault a bot that would have fitted).
//!
//! Blocks come in power-of-two size classes (8 bytes to 2 GiB); a freed block goes on its
//! class's free list and is handed out again for the next request of that class, so a bot
//! that allocates and frees per move runs in bounded memory. A `realloc` that fits the
//! block's class keeps the block. Waste is at most half of each block. A WebAssembly
//! instance has one thread, so no locking is needed; on other targets this module is
//! only compiled for its tests (a native build keeps the system allocator).

/// Bytes of zeroed static memory the heap uses before it grows linear memory: 1 MiB.
pub const ARENA_BYTES: usize = 1 << 20;

/// The smallest block (room for the free-list link on any target).
const MIN_CLASS: u32 = 3;

/// Size classes: blocks of 2^3 .. 2^31 bytes.
const CLASSES: usize = 32;

/// Where fresh memory comes from once the current region is used up.
pub trait Grow {
    /// At least `bytes` more bytes of fresh memory, as `(start, end)` addresses; `None`
    /// when none can be had (the allocation then fails).
    fn grow(&mut self, bytes: usize) -> Option<(usize, usize)>;
}

/// The allocator's state: a bump region and one free list per size class.
///
/// Addresses are plain `usize`s; the free lists are threaded through the free blocks
/// themselves (the first word of a free block holds the address of the next, 0 ends).
#[derive(Debug)]
pub struct Heap {
    next: usize,
    end: usize,
    free: [usize; CLASSES],
}

impl Heap {
    /// A heap that hands out `start..end` first.
    pub const fn new(start: usize, end: usize) -> Heap {
        Heap {
            next: start,
            end,
            free: [0; CLASSES],
        }
    }

    /// The size class for `size` bytes aligned to `align` (`None` past the largest).
    fn class(size: usize, align: usize) -> Option<u32> {
        let need = size.max(align).max(1 << MIN_CLASS);
        let class = need.checked_next_power_of_two()?.trailing_zeros();
        (class < CLASSES as u32).then_some(class)
    }

    /// A block of at least `size` bytes aligned to `align` (a power of two), or `None`.
    ///
    /// # Safety
    /// Every region this heap was given (by [`Heap::new`] or `grow`) must be memory the
    /// caller owns, readable and writable, and used by nothing else.
    pub unsafe fn alloc(
        &mut self,
        size: usize,
        align: usize,
        grow: &mut dyn Grow,
    ) -> Option<usize> {
        let class = Self::class(size, align)?;
        let head = self.free[class as usize];
        if head != 0 && head & (align - 1) == 0 {
            // SAFETY: `head` is a free block of this class, handed out by this heap
            // earlier, so its first word is the link written by `dealloc`.
            self.free[class as usize] = unsafe { (head as *const usize).read() };
            return Some(head);
        }
        let block = 1usize << class;
        // Align to the request (and to the link word, so a freed block can hold it).
        let align = align.max(core::mem::align_of::<usize>());
        if let Some(at) = self.bump(block, align) {
            return Some(at);
        }
        let (start, end) = grow.grow(block.checked_add(align)?)?;
        if start != self.end {
            self.next = start;
        }
        self.end = end;
        self.bump(block, align)
    }

    /// `block` bytes from the bump region, aligned to `align`, if they fit.
    fn bump(&mut self, block: usize, align: usize) -> Option<usize> {
        let at = self.next.checked_add(align - 1)? & !(align - 1);
        let after = at.checked_add(block)?;
        if after > self.end {
            return None;
        }
        self.next = after;
        Some(at)
    }

    /// Returns the block at `ptr` (from [`Heap::alloc`] with this `size` and `align`).
    ///
    /// # Safety
    /// `ptr` must come from this heap's `alloc` with the same `size` and `align`, and
    /// must not be used again.
    pub unsafe fn dealloc(&mut self, ptr: usize, size: usize, align: usize) {
        let Some(class) = Self::class(size, align) else {
            return;
        };
        // SAFETY: the block is at least 8 bytes, aligned to a usize, and ours again.
        unsafe { (ptr as *mut usize).write(self.free[class as usize]) };
        self.free[class as usize] = ptr;
    }

    /// Whether a block allocated for `old` bytes (aligned to `align`) also holds `new`.
    pub fn fits(old: usize, new: usize, align: usize) -> bool {
        Self::class(old, align).is_some() && Self::class(old, align) == Self::class(new, align)
    }
}

#[cfg(target_arch = "wasm32")]
mod global {
    //! The `#[global_allocator]` of every bot built with the SDK.

    use core::alloc::{GlobalAlloc, Layout};
    use core::arch::wasm32::{memory_grow, memory_size};
    use core::cell::UnsafeCell;

    use super::{Grow, Heap, ARENA_BYTES};

    const PAGE: usize = 65536;

    /// The arena: zeroed, so it lives in `.bss` and adds no bytes to the module file.
    #[repr(C, align(4096))]
    struct Arena([u8; ARENA_BYTES]);

    struct State {
        arena: UnsafeCell<Arena>,
        heap: UnsafeCell<Option<Heap>>,
    }

    // SAFETY: a WebAssembly instance without the threads proposal runs one thread.
    unsafe impl Sync for State {}

    static STATE: State = State {
        arena: UnsafeCell::new(Arena([0; ARENA_BYTES])),
        heap: UnsafeCell::new(None),
    };

    /// Grows linear memory by whole pages.
    struct LinearMemory;

    impl Grow for LinearMemory {
        fn grow(&mut self, bytes: usize) -> Option<(usize, usize)> {
            let got = bytes.div_ceil(PAGE);
            let old = memory_grow(0, got);
            if old == usize::MAX {
                return None;
            }
            debug_assert_eq!(old + got, memory_size(0));
            Some((old * PAGE, (old + got) * PAGE))
        }
    }

    /// The SDK's allocator (see [`super`]).
    pub struct SdkAllocator;

    impl SdkAllocator {
        #[allow(clippy::mut_from_ref)]
        unsafe fn heap(&self) -> &mut Heap {
            // SAFETY: one thread, and no call below re-enters the allocator.
            let slot = unsafe { &mut *STATE.heap.get() };
            slot.get_or_insert_with(|| {
                let start = STATE.arena.get() as usize;
                Heap::new(start, start + ARENA_BYTES)
            })
        }
    }

    // SAFETY: blocks never overlap (bump allocation, a freed block reused only once it
    // is off its list), are at least as large and as aligned as asked, and the arena and
    // grown pages belong to nothing else.
    unsafe impl GlobalAlloc for SdkAllocator {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            let heap = unsafe { self.heap() };
            match unsafe { heap.alloc(layout.size(), layout.align(), &mut LinearMemory) } {
                Some(at) => at as *mut u8,
                None => core::ptr::null_mut(),
            }
        }

        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            // With `zero-freed`, a free block holds zeros but for its free-list link: a
            // block is always handed out for the same class, so every byte past the link
            // that an earlier owner wrote was zeroed when that owner freed it.
            #[cfg(feature = "zero-freed")]
            // SAFETY: the caller owns the block's `layout.size()` bytes until it returns.
            unsafe {
                ptr.write_bytes(0, layout.size())
            };
            let heap = unsafe { self.heap() };
            unsafe { heap.dealloc(ptr as usize, layout.size(), layout.align()) }
        }

        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            if Heap::fits(layout.size(), new_size, layout.align()) {
                return ptr;
            }
            // SAFETY: as `GlobalAlloc::realloc`'s default.
            unsafe {
                let new = Layout::from_size_align_unchecked(new_size, layout.align());
                let fresh = self.alloc(new);
                if !fresh.is_null() {
                    core::ptr::copy_nonoverlapping(ptr, fresh, layout.size().min(new_size));
                    self.dealloc(ptr, layout);
                }
                fresh
            }
        }
    }

    #[global_allocator]
    static ALLOCATOR: SdkAllocator = SdkAllocator;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fake linear memory: regions carved from one owned buffer, as pages would be.
    struct Pages {
        buffer: Vec<u64>,
        used: usize,
        calls: usize,
    }

    impl Pages {
        fn new(bytes: usize) -> Pages {
            Pages {
                buffer: vec![0; bytes / 8],
                used: 0,
                calls: 0,
            }
        }
        fn base(&self) -> usize {
            self.buffer.as_ptr() as usize
        }
    }

    impl Grow for Pages {
        fn grow(&mut self, bytes: usize) -> Option<(usize, usize)> {
            self.calls += 1;
            let bytes = bytes.div_ceil(4096) * 4096;
            if self.used + bytes > self.buffer.len() * 8 {
                return None;
            }
            let start = self.base() + self.used;
            self.used += bytes;
            Some((start, start + bytes))
        }
    }

    /// A tiny deterministic generator for the random workload.
    fn lcg(state: &mut u64) -> u64 {
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *state >> 33
    }

    #[test]
    fn blocks_are_aligned_disjoint_and_reused_after_free() {
        let mut pages = Pages::new(4 << 20);
        let arena = pages.grow(64 << 10).unwrap();
        pages.calls = 0;
        let mut heap = Heap::new(arena.0, arena.1);
        let mut live: Vec<(usize, usize, usize, u8)> = Vec::new();
        let mut seed = 7;
        for step in 0..20_000u32 {
            if live.len() > 200 || (!live.is_empty() && lcg(&mut seed).is_multiple_of(3)) {
                let i = lcg(&mut seed) as usize % live.len();
                let (ptr, size, align, fill) = live.swap_remove(i);
                // Nothing else wrote into this block while it was live.
                let bytes = unsafe { std::slice::from_raw_parts(ptr as *const u8, size) };
                assert!(
                    bytes.iter().all(|&b| b == fill),
                    "block {ptr:#x} was overwritten"
                );
                unsafe { heap.dealloc(ptr, size, align) };
                continue;
            }
            let size =
                1 + lcg(&mut seed) as usize % if step.is_multiple_of(50) { 20_000 } else { 300 };
            let align = 1 << (lcg(&mut seed) % 7);
            let ptr = unsafe { heap.alloc(size, align, &mut pages) }.expect("memory left");
            assert_eq!(ptr % align, 0, "{size} bytes aligned to {align}");
            let fill = step as u8;
            unsafe { std::ptr::write_bytes(ptr as *mut u8, fill, size) };
            live.push((ptr, size, align, fill));
        }
        // Freed blocks are reused: 20 000 requests fit in a few MiB.
        assert!(pages.used <= 4 << 20);
    }

    #[test]
    fn a_freed_block_is_handed_out_again_without_growing() {
        let mut pages = Pages::new(1 << 20);
        let (start, end) = pages.grow(4096).unwrap();
        pages.calls = 0;
        let mut heap = Heap::new(start, end);
        let a = unsafe { heap.alloc(100, 8, &mut pages) }.unwrap();
        unsafe { heap.dealloc(a, 100, 8) };
        let b = unsafe { heap.alloc(120, 8, &mut pages) }.unwrap();
        assert_eq!(a, b, "same class, same block");
        assert_eq!(pages.calls, 0, "the first region was enough");
    }

    #[test]
    fn the_heap_grows_when_the_region_is_used_up_and_fails_cleanly_at_the_cap() {
        let mut pages = Pages::new(64 << 10);
        let (start, end) = pages.grow(4096).unwrap();
        pages.calls = 0;
        let mut heap = Heap::new(start, end);
        let a = unsafe { heap.alloc(3000, 8, &mut pages) }.unwrap();
        let b = unsafe { heap.alloc(3000, 8, &mut pages) }.unwrap();
        assert_eq!(pages.calls, 1, "the second block needed more memory");
        assert!(b >= a + 4096 || a >= b + 4096);
        assert_eq!(unsafe { heap.alloc(1 << 20, 8, &mut pages) }, None);
        assert_eq!(unsafe { heap.alloc(usize::MAX / 2, 8, &mut pages) }, None);
        assert_eq!(unsafe { heap.alloc(usize::MAX, 1, &mut pages) }, None);
    }

    #[test]
    fn realloc_keeps_a_block_within_its_class() {
        assert!(Heap::fits(100, 128, 8));
        assert!(Heap::fits(1, 8, 1));
        assert!(!Heap::fits(100, 129, 8));
        assert!(!Heap::fits(100, 63, 8));
        assert!(!Heap::fits(usize::MAX, usize::MAX, 1));
    }
}
