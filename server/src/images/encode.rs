//! A picture checked by its content, decoded within pixel and memory
//! limits, a few at a time, and re-encoded without its metadata.

use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, ImageFormat, ImageReader, Limits};

use super::MAX_PIXELS;
use crate::core::error::ApiError;

/// Largest width or height a stored image keeps; bigger ones are scaled down.
const MAX_SIDE: u32 = 1600;
/// Largest width or height decoded at all (guards against decompression bombs).
const MAX_DECODE_SIDE: u32 = 12_000;
/// Most memory the decoder may allocate for one picture: 40 megapixels at
/// four bytes each, and a little for the decoder's own tables.
const MAX_DECODE_BYTES: u64 = MAX_PIXELS * 4 + 16 * 1024 * 1024;

/// Pictures decoded at once (one per CPU core): each may take up to
/// `MAX_DECODE_BYTES`, so a burst of uploads waits its turn instead of
/// multiplying the memory.
pub(super) fn decoding_turns() -> &'static tokio::sync::Semaphore {
    static TURNS: std::sync::OnceLock<tokio::sync::Semaphore> = std::sync::OnceLock::new();
    TURNS.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        tokio::sync::Semaphore::new(cores)
    })
}

/// The format, by content (the file name and declared type are not
/// trusted), of a picture the shop accepts.
fn accepted_format(bytes: &[u8]) -> Result<ImageFormat, ApiError> {
    let unsupported = || {
        ApiError::UnsupportedMediaType("Only JPEG, PNG, WebP and GIF images are accepted".into())
    };
    let format = image::guess_format(bytes).map_err(|_| unsupported())?;
    if !matches!(
        format,
        ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP | ImageFormat::Gif
    ) {
        return Err(unsupported());
    }
    Ok(format)
}

/// A reader for `bytes` in `format` whose decoder may not exceed the shop's
/// limits on sides and memory.
fn limited_reader(bytes: &[u8], format: ImageFormat) -> ImageReader<Cursor<&[u8]>> {
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_DECODE_SIDE);
    limits.max_image_height = Some(MAX_DECODE_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    reader
}

fn unreadable() -> ApiError {
    ApiError::UnsupportedMediaType("The file is not a readable JPEG, PNG, WebP or GIF image".into())
}

fn too_many_pixels() -> ApiError {
    ApiError::PayloadTooLarge(format!(
        "The picture has too many pixels ({} megapixels and {MAX_DECODE_SIDE} pixels a side at most)",
        MAX_PIXELS / 1_000_000
    ))
}

/// Checks the picture's format and its size as its header declares it, before
/// anything is decoded; answers its format.
pub(super) fn check_header(bytes: &[u8]) -> Result<ImageFormat, ApiError> {
    let format = accepted_format(bytes)?;
    let (width, height) = limited_reader(bytes, format)
        .into_dimensions()
        .map_err(|e| match e {
            image::ImageError::Limits(_) => too_many_pixels(),
            _ => unreadable(),
        })?;
    if u64::from(width) * u64::from(height) > MAX_PIXELS
        || width > MAX_DECODE_SIDE
        || height > MAX_DECODE_SIDE
    {
        return Err(too_many_pixels());
    }
    Ok(format)
}

/// Decodes within limits and encodes anew: PNG when the picture has
/// transparency, JPEG otherwise.
pub(super) fn reencode(bytes: &[u8]) -> Result<(Vec<u8>, &'static str, &'static str), ApiError> {
    let format = check_header(bytes)?;
    let image = limited_reader(bytes, format)
        .decode()
        .map_err(|e| match e {
            image::ImageError::Limits(_) => too_many_pixels(),
            _ => unreadable(),
        })?;
    let image = if image.width() > MAX_SIDE || image.height() > MAX_SIDE {
        image.thumbnail(MAX_SIDE, MAX_SIDE)
    } else {
        image
    };
    let mut out = Vec::new();
    if image.color().has_alpha() {
        DynamicImage::ImageRgba8(image.to_rgba8())
            .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .map_err(anyhow::Error::from)?;
        Ok((out, "png", "image/png"))
    } else {
        JpegEncoder::new_with_quality(&mut out, 85)
            .encode_image(&image.to_rgb8())
            .map_err(anyhow::Error::from)?;
        Ok((out, "jpg", "image/jpeg"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::ImageEncoder;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let mut out = Vec::new();
        DynamicImage::new_rgb8(width, height)
            .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .unwrap();
        out
    }

    #[test]
    fn an_image_is_reencoded_and_trailing_bytes_are_dropped() {
        let mut bytes = png(40, 30);
        bytes.extend_from_slice(b"<script>alert(1)</script>");
        let (out, ext, _) = reencode(&bytes).unwrap();
        assert_eq!(ext, "jpg");
        assert!(!out.windows(8).any(|w| w == b"<script>"));
    }

    /// A black grey-scale PNG: all zeros compress to almost nothing.
    fn black_png(width: u32, height: u32) -> Vec<u8> {
        let mut out = Vec::new();
        image::codecs::png::PngEncoder::new(&mut out)
            .write_image(
                &vec![0u8; width as usize * height as usize],
                width,
                height,
                image::ExtendedColorType::L8,
            )
            .unwrap();
        out
    }

    #[test]
    fn a_picture_over_forty_megapixels_is_refused_from_its_header() {
        // 7,000 x 6,000 is 42 megapixels; 6,000 x 6,000 is 36.
        assert!(matches!(
            check_header(&black_png(7_000, 6_000)),
            Err(ApiError::PayloadTooLarge(_))
        ));
        assert_eq!(
            check_header(&black_png(6_000, 6_000)).unwrap(),
            ImageFormat::Png
        );
    }

    #[test]
    fn big_pictures_are_scaled_down_and_non_images_refused() {
        let (out, _, _) = reencode(&png(3200, 100)).unwrap();
        assert_eq!(image::load_from_memory(&out).unwrap().width(), MAX_SIDE);
        // A GIF signature and a 1x1 screen, then nothing a decoder can read.
        assert!(matches!(
            reencode(b"GIF89a\x01\x00\x01\x00 but not really"),
            Err(ApiError::UnsupportedMediaType(_))
        ));
        assert!(matches!(
            reencode(b"<svg xmlns='http://www.w3.org/2000/svg'/>"),
            Err(ApiError::UnsupportedMediaType(_))
        ));
    }
}
