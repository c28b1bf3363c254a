//! The program's allocator: the system's, except that running out of memory is an error the
//! user is told of (a line on stderr, exit 2, the code of every other error) instead of the
//! abort Rust's default handler makes (exit 134, and a core dump where they are kept).

use std::alloc::{GlobalAlloc, Layout, System};

/// The system allocator, reporting its failures.
pub struct ReportingAllocator;

// SAFETY: every call is handed on to `System` unchanged; a failure ends the process instead of
// returning null, which no caller then sees.
unsafe impl GlobalAlloc for ReportingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's guarantees, handed on.
        checked(unsafe { System.alloc(layout) }, layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's guarantees, handed on.
        checked(unsafe { System.alloc_zeroed(layout) }, layout.size())
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's guarantees, handed on.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's guarantees, handed on.
        checked(unsafe { System.realloc(ptr, layout, new_size) }, new_size)
    }
}

/// `ptr`, unless the allocation of `bytes` failed: then the message and exit 2.
#[inline(always)]
fn checked(ptr: *mut u8, bytes: usize) -> *mut u8 {
    if ptr.is_null() {
        out_of_memory(bytes);
    }
    ptr
}

/// Says what ran out and exits with 2. Nothing here allocates (the heap just said no): the
/// message is put together on the stack and written with one system call, and the process
/// ends without unwinding (there is no memory to unwind with).
#[cold]
fn out_of_memory(bytes: usize) -> ! {
    let mut message = [0u8; 160];
    let mut length = 0;
    let mut push = |part: &[u8]| {
        let end = (length + part.len()).min(message.len());
        message[length..end].copy_from_slice(&part[..end - length]);
        length = end;
    };
    push(b"dlx: out of memory: an allocation of ");
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = bytes;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    push(&digits[at..]);
    push(b" bytes failed (a smaller input, fewer --threads or more memory)\n");
    // SAFETY: writes `length` initialised bytes to stderr, then ends the process.
    unsafe {
        libc::write(2, message.as_ptr().cast(), length);
        libc::_exit(2)
    }
}
