import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PartPicture } from './part-picture';

describe('PartPicture', () => {
  it("shows the part's picture when it has one", () => {
    render(<PartPicture src="/api/image/a.jpg" alt="Brake pads" />);
    expect(screen.getByRole('img', { name: 'Brake pads' })).toHaveAttribute('src', '/api/image/a.jpg');
  });

  it('draws a placeholder, named for the part, when it has none', () => {
    render(<PartPicture src="" alt="Cabin filter" />);
    expect(screen.getByRole('img', { name: 'Cabin filter: no picture yet' })).toHaveAttribute('data-testid', 'part-picture-placeholder');
    expect(document.querySelector('img')).toBeNull();
  });
});
