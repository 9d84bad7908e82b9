//! Large kept answers sent without copying them into the socket.
//!
//! Writing an answer with `write` makes the kernel copy every byte of it from
//! the shop's memory into the socket's buffers. For a 64 KB catalogue page
//! that copy was the largest single cost of the answer, about a third of the
//! shop's time in a profile: a web server such as nginx
//! avoids it by sending files with `sendfile`, which hands the file's pages
//! to the socket by reference.
//!
//! The shop does the same for the answers it keeps in memory (catalogue
//! answers, the web app's files): [`keep`] puts a body of at least
//! [`MIN_BYTES`] into one in-memory file (a `memfd`) shared by the process,
//! maps that part of the file read-only and returns it as [`Bytes`] that
//! borrow the mapping. The body is still ordinary bytes to everything else
//! (ETags, gzip, tests); it is only stored in a file's pages instead of the
//! heap, so it takes no more memory than before.
//!
//! [`Connection`] is the socket hyper writes to. When an answer's body lies in
//! such a mapping it sends the bytes before it (the status line and headers)
//! with `MSG_MORE`, so they go out with the body rather than alone, and then
//! the body with `sendfile` from the in-memory file. Any other write is an
//! ordinary `writev`.
//!
//! A part of the file is written once, before it is mapped, and never again:
//! when its last `Bytes` is dropped its pages are released (a hole is
//! punched) and its offset is never reused, so a packet still in flight that
//! references those pages keeps the bytes it was given. On systems other
//! than Linux, or when the file cannot be made, [`keep`] returns the bytes as
//! they are and every write is a `writev`.

use std::io::IoSlice;
use std::pin::Pin;
use std::task::{Context, Poll};

use axum::body::Bytes;
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;

/// Bodies smaller than this are written as usual. Measured on loopback, the
/// two system calls of a kept answer (headers, then `sendfile`) cost more
/// than the copy they save for a 20 KB page, and less for a 64 KB list of
/// parts or a 350 KB script.
pub const MIN_BYTES: usize = 60 * 1024;

/// `bytes` to be kept and sent many times: moved into the process's
/// in-memory file when they are large enough and that file can be used, else
/// as they are. Read the result, not `bytes`, for anything computed from
/// them (an ETag, a gzip copy): that also brings the file's pages into the
/// process's resident memory, where they are counted as the heap was.
pub fn keep(bytes: Bytes) -> Bytes {
    #[cfg(target_os = "linux")]
    if bytes.len() >= MIN_BYTES {
        if let Some(kept) = linux::Mapped::new(&bytes) {
            return Bytes::from_owner(kept);
        }
    }
    bytes
}

/// An accepted connection, as hyper reads and writes it: kept bodies go out
/// by `sendfile`, everything else as tokio's `TcpStream` does.
pub struct Connection {
    io: TokioIo<TcpStream>,
    /// Set when `sendfile` turned out not to work on this socket.
    #[cfg(target_os = "linux")]
    plain: bool,
}

impl Connection {
    pub fn new(stream: TcpStream) -> Connection {
        Connection {
            io: TokioIo::new(stream),
            #[cfg(target_os = "linux")]
            plain: false,
        }
    }
}

impl hyper::rt::Read for Connection {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: hyper::rt::ReadBufCursor<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_read(cx, buf)
    }
}

impl hyper::rt::Write for Connection {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        self.poll_write_vectored(cx, &[IoSlice::new(buf)])
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        #[cfg(target_os = "linux")]
        if let Some(kept) = (!this.plain).then(|| linux::first_kept(bufs)).flatten() {
            match linux::poll_send(this.io.inner(), cx, bufs, kept) {
                Poll::Ready(Err(e)) if linux::unsupported(&e) => this.plain = true,
                sent => return sent,
            }
        }
        Pin::new(&mut this.io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        // hyper then hands over the headers and the body as separate
        // slices instead of copying the body behind the headers.
        true
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
}

#[cfg(target_os = "linux")]
mod linux {
    use std::collections::BTreeMap;
    use std::io::{Error, ErrorKind, IoSlice};
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
    use std::sync::atomic::{AtomicI64, Ordering};
    use std::sync::{OnceLock, RwLock};
    use std::task::{ready, Context, Poll};

    use tokio::io::Interest;
    use tokio::net::TcpStream;

    use super::MIN_BYTES;

    /// The process's in-memory file, and the next free offset in it. Offsets
    /// only grow: a part is never written twice.
    struct Store {
        file: OwnedFd,
        next: AtomicI64,
    }

    fn store() -> Option<&'static Store> {
        static STORE: OnceLock<Option<Store>> = OnceLock::new();
        STORE
            .get_or_init(|| {
                // SAFETY: the name is a NUL-terminated string; the result is
                // checked before it is owned.
                let fd =
                    unsafe { libc::memfd_create(c"shop-kept-answers".as_ptr(), libc::MFD_CLOEXEC) };
                (fd >= 0).then(|| Store {
                    // SAFETY: `fd` is a new descriptor that nothing else owns.
                    file: unsafe { OwnedFd::from_raw_fd(fd) },
                    next: AtomicI64::new(0),
                })
            })
            .as_ref()
    }

    /// Where each mapping starts in memory: its length and its offset in the
    /// file.
    fn regions() -> &'static RwLock<BTreeMap<usize, (usize, i64)>> {
        static REGIONS: OnceLock<RwLock<BTreeMap<usize, (usize, i64)>>> = OnceLock::new();
        REGIONS.get_or_init(Default::default)
    }

    fn page_size() -> usize {
        // SAFETY: sysconf only reads a setting.
        usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) })
            .ok()
            .filter(|&size| size > 0)
            .unwrap_or(4096)
    }

    /// The file's offset of the `len` bytes at address `start` when they lie
    /// wholly in one mapping.
    pub(super) fn find(start: usize, len: usize) -> Option<i64> {
        let regions = regions().read().unwrap_or_else(|e| e.into_inner());
        let (&base, &(mapped, offset)) = regions.range(..=start).next_back()?;
        let within = start - base;
        (within + len <= mapped).then(|| offset + within as i64)
    }

    /// One body in the file, mapped read-only: the owner behind its `Bytes`.
    pub(super) struct Mapped {
        ptr: *const u8,
        len: usize,
        /// The part of the file it took (whole pages).
        offset: i64,
        span: usize,
    }

    // SAFETY: the mapping is read-only and lives as long as the value; the
    // pointer is never written through.
    unsafe impl Send for Mapped {}
    // SAFETY: as above; shared references only read.
    unsafe impl Sync for Mapped {}

    impl Mapped {
        pub(super) fn new(bytes: &[u8]) -> Option<Mapped> {
            let store = store()?;
            let page = page_size();
            let span = bytes.len().div_ceil(page) * page;
            let offset = store
                .next
                .fetch_add(i64::try_from(span).ok()?, Ordering::Relaxed);
            let fd = store.file.as_raw_fd();
            let mut written = 0;
            while written < bytes.len() {
                let rest = &bytes[written..];
                // SAFETY: writes from a live slice of its own length.
                let n = unsafe {
                    libc::pwrite(
                        fd,
                        rest.as_ptr().cast(),
                        rest.len(),
                        offset + written as i64,
                    )
                };
                if n <= 0 {
                    if n < 0 && Error::last_os_error().kind() == ErrorKind::Interrupted {
                        continue;
                    }
                    release(fd, offset, span);
                    return None;
                }
                written += n as usize;
            }
            // SAFETY: a new read-only shared mapping of a part of the file
            // just written; the result is checked.
            let ptr = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    bytes.len(),
                    libc::PROT_READ,
                    libc::MAP_SHARED,
                    fd,
                    offset,
                )
            };
            if ptr == libc::MAP_FAILED {
                release(fd, offset, span);
                return None;
            }
            let mapped = Mapped {
                ptr: ptr.cast(),
                len: bytes.len(),
                offset,
                span,
            };
            regions()
                .write()
                .unwrap_or_else(|e| e.into_inner())
                .insert(ptr as usize, (bytes.len(), offset));
            Some(mapped)
        }
    }

    impl AsRef<[u8]> for Mapped {
        fn as_ref(&self) -> &[u8] {
            // SAFETY: `ptr` maps `len` readable bytes for as long as `self`.
            unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
        }
    }

    impl Drop for Mapped {
        fn drop(&mut self) {
            regions()
                .write()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&(self.ptr as usize));
            // SAFETY: the mapping made in `new`, unmapped once; no `Bytes`
            // borrows it any more.
            unsafe { libc::munmap(self.ptr.cast_mut().cast(), self.len) };
            if let Some(store) = store() {
                release(store.file.as_raw_fd(), self.offset, self.span);
            }
        }
    }

    /// Gives a part of the file's memory back. Pages a packet in flight still
    /// holds stay with it until it is sent.
    fn release(fd: RawFd, offset: i64, span: usize) {
        // SAFETY: only frees the file's pages in that range.
        unsafe {
            libc::fallocate(
                fd,
                libc::FALLOC_FL_PUNCH_HOLE | libc::FALLOC_FL_KEEP_SIZE,
                offset,
                span as i64,
            )
        };
    }

    /// Whether an error says this socket or file cannot be sent from with
    /// `sendfile` at all (as opposed to a broken connection).
    pub(super) fn unsupported(e: &Error) -> bool {
        matches!(
            e.raw_os_error(),
            Some(libc::EINVAL | libc::ENOSYS | libc::EOPNOTSUPP)
        )
    }

    /// The first of `bufs` that is a kept body.
    pub(super) fn first_kept(bufs: &[IoSlice<'_>]) -> Option<Kept> {
        let file = &store()?.file;
        bufs.iter()
            .enumerate()
            .filter(|(_, buf)| buf.len() >= MIN_BYTES)
            .find_map(|(at, buf)| {
                let offset = find(buf.as_ptr() as usize, buf.len())?;
                Some(Kept { at, offset, file })
            })
    }

    /// A kept body among the slices of a write: its index, and where it is.
    pub(super) struct Kept {
        at: usize,
        offset: i64,
        file: &'static OwnedFd,
    }

    /// Sends `bufs` up to and including the kept body `kept`.
    pub(super) fn poll_send(
        stream: &TcpStream,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
        Kept { at, offset, file }: Kept,
    ) -> Poll<std::io::Result<usize>> {
        loop {
            ready!(stream.poll_write_ready(cx))?;
            match stream.try_io(Interest::WRITABLE, || {
                send(
                    stream.as_raw_fd(),
                    &bufs[..at],
                    file,
                    offset,
                    bufs[at].len(),
                )
            }) {
                Err(e) if e.kind() == ErrorKind::WouldBlock => continue,
                sent => return Poll::Ready(sent),
            }
        }
    }

    /// `before` with `MSG_MORE`, then `len` bytes of `file` from `offset`:
    /// the bytes sent, or the first call's error when nothing was.
    fn send(
        socket: RawFd,
        before: &[IoSlice<'_>],
        file: &OwnedFd,
        offset: i64,
        len: usize,
    ) -> std::io::Result<usize> {
        let mut sent = 0;
        let wanted: usize = before.iter().map(|buf| buf.len()).sum();
        if wanted > 0 {
            // SAFETY: an all-zero msghdr is valid; it then points at
            // `before`, whose slices have the layout of iovecs and outlive
            // the call.
            let n = unsafe {
                let mut message: libc::msghdr = std::mem::zeroed();
                message.msg_iov = before.as_ptr().cast_mut().cast();
                message.msg_iovlen = before.len() as _;
                libc::sendmsg(socket, &message, libc::MSG_MORE | libc::MSG_NOSIGNAL)
            };
            if n < 0 {
                return Err(Error::last_os_error());
            }
            sent = n as usize;
            if sent < wanted {
                return Ok(sent);
            }
        }
        let mut from = offset;
        // SAFETY: both descriptors are open; `from` is a live offset.
        let n = unsafe { libc::sendfile(socket, file.as_raw_fd(), &mut from, len) };
        if n < 0 {
            let e = Error::last_os_error();
            // The headers went: say so, and meet the error on the next call.
            return if sent > 0 { Ok(sent) } else { Err(e) };
        }
        Ok(sent + n as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `bytes` lie in the in-memory file (and so go by `sendfile`).
    fn is_kept(bytes: &[u8]) -> bool {
        #[cfg(target_os = "linux")]
        {
            linux::find(bytes.as_ptr() as usize, bytes.len()).is_some()
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = bytes;
            false
        }
    }

    #[test]
    fn kept_bytes_are_the_bytes_given() {
        let body: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
        let kept = keep(Bytes::from(body.clone()));
        assert_eq!(&kept[..], &body[..]);
        assert_eq!(&kept.slice(1000..5000)[..], &body[1000..5000]);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn large_bodies_are_kept_in_the_file_until_dropped() {
        let kept = keep(Bytes::from(vec![7u8; MIN_BYTES + 10]));
        assert!(is_kept(&kept));
        assert!(is_kept(&kept[100..MIN_BYTES + 5]));
        let copy = kept.to_vec();
        assert!(!is_kept(&copy));
        let clone = kept.clone();
        drop(kept);
        assert!(is_kept(&clone), "alive while any Bytes is");
        let (start, len) = (clone.as_ptr() as usize, clone.len());
        assert!(linux::find(start, len).is_some());
        drop(clone);
        assert!(linux::find(start, len).is_none(), "forgotten once dropped");
    }

    #[test]
    fn small_bodies_are_ordinary_copies() {
        let kept = keep(Bytes::from_static(b"{\"id\":1}"));
        assert!(!is_kept(&kept));
        assert_eq!(&kept[..], b"{\"id\":1}");
    }
}
