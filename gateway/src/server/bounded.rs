//! A connection whose writes must make progress: a client that stops reading leaves the gateway's
//! writes pending on a full socket buffer, where neither the header timeout nor the idle timeout
//! (both about reading) can see it. A write (or flush, or shutdown) that stays pending for the
//! whole limit fails with `TimedOut`, which ends the connection and frees its slot. Any progress
//! starts the limit again, so a slow reader that keeps reading gets an answer of any size.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Sleep;

pub struct Bounded<S> {
    inner: S,
    limit: Duration,
    /// Running while the current write makes no progress; `None` after every step forward.
    stalled: Option<Pin<Box<Sleep>>>,
}

impl<S> Bounded<S> {
    pub fn new(inner: S, limit: Duration) -> Bounded<S> {
        Bounded {
            inner,
            limit,
            stalled: None,
        }
    }

    /// What a write step returned, with the limit applied to a pending one.
    fn bound<T>(&mut self, cx: &mut Context<'_>, step: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        if step.is_ready() {
            self.stalled = None;
            return step;
        }
        let limit = self.limit;
        let timer = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match timer.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client read nothing of the answer within the write timeout",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Bounded<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Bounded<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let step = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.bound(cx, step)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let step = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.bound(cx, step)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let step = Pin::new(&mut self.inner).poll_flush(cx);
        self.bound(cx, step)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let step = Pin::new(&mut self.inner).poll_shutdown(cx);
        self.bound(cx, step)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    use super::*;

    #[tokio::test]
    async fn a_write_nobody_reads_fails_after_the_limit_and_reading_restarts_it() {
        // A pipe that holds 64 bytes, read by a slow reader that then goes quiet.
        let (near, mut far) = tokio::io::duplex(64);
        let mut bounded = Bounded::new(near, Duration::from_millis(200));
        let reader = tokio::spawn(async move {
            let mut chunk = [0u8; 64];
            // Four reads 100 ms apart: each one progress within the limit.
            for _ in 0..4 {
                tokio::time::sleep(Duration::from_millis(100)).await;
                far.read_exact(&mut chunk).await.unwrap();
            }
            far
        });
        let started = Instant::now();
        bounded.write_all(&[7u8; 64 * 5]).await.unwrap();
        assert!(started.elapsed() >= Duration::from_millis(350));
        let _quiet = reader.await.unwrap();
        let started = Instant::now();
        let stuck = bounded.write_all(&[7u8; 64]).await.unwrap_err();
        assert_eq!(stuck.kind(), io::ErrorKind::TimedOut);
        let took = started.elapsed();
        assert!(
            took >= Duration::from_millis(190) && took < Duration::from_millis(600),
            "{took:?}"
        );
    }
}
