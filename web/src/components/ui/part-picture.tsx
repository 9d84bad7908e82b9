import type { ImgHTMLAttributes } from 'react';

type PartPictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src: string | null | undefined };

/**
 * A part's picture, or, for a part that has none (one added from a supplier's sheet without a
 * picture), a plain drawing of a part in the same box, so no broken image is ever shown.
 */
export function PartPicture({ src, alt = '', className = '', width, height, ...rest }: PartPictureProps) {
  if (src) return <img src={src} alt={alt} width={width} height={height} className={className} {...rest} />;
  return (
    <span
      role={alt ? 'img' : undefined}
      aria-label={alt ? `${alt}: no picture yet` : undefined}
      aria-hidden={alt ? undefined : true}
      data-testid="part-picture-placeholder"
      className={`flex items-center justify-center bg-base-200 text-base-content/40 ${className}`}
    >
      <svg viewBox="0 0 24 24" className="h-1/3 max-h-16 w-1/3 max-w-16" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <circle cx="12" cy="12" r="3" />
        <path d="M12 2v3m0 14v3M2 12h3m14 0h3M4.9 4.9l2.1 2.1m9.9 9.9 2.1 2.1M4.9 19.1 7 17m9.9-9.9 2.1-2.1" />
      </svg>
    </span>
  );
}
