import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { mockApi, pngFile, renderWithProviders, sentBody } from '@/test/render';
import { AddReviewForm } from './add-review-form';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

beforeEach(() => vi.mocked(notify.success).mockClear());

function setup(defaultName = '') {
  const view = renderWithProviders(<AddReviewForm defaultName={defaultName} />);
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Add Review' }));
  return { ...view, submit };
}

describe('AddReviewForm', () => {
  it('names every missing field with the spec message', async () => {
    const fetchMock = mockApi({});
    const { submit } = setup();
    await submit();
    expect(await screen.findByText('Name is Required')).toBeInTheDocument();
    expect(screen.getByText('Description is Required')).toBeInTheDocument();
    expect(screen.getByText('Rating is Required')).toBeInTheDocument();
    expect(screen.getByText('Image is Required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fills the name from the signed-in user, which reviews show and no one types over", () => {
    mockApi({});
    setup('Ann Lee');
    expect(screen.getByLabelText('Name')).toHaveValue('Ann Lee');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByText('Reviews show the name of your account.')).toBeInTheDocument();
  });

  it('offers the rating as a radio group of five stars, 1 to 5 (D9)', () => {
    mockApi({});
    setup('Ann');
    const group = screen.getByRole('radiogroup', { name: 'Rating' });
    const stars = within(group).getAllByRole('radio');
    expect(stars.map((star) => star.getAttribute('aria-label'))).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    expect(stars.map((star) => (star as HTMLInputElement).value)).toEqual(['1', '2', '3', '4', '5']);
    expect(stars.every((star) => !(star as HTMLInputElement).checked)).toBe(true);
  });

  it('is rated by clicking a star, and by the arrow keys from there', async () => {
    mockApi({});
    const { user } = setup('Ann');
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '3 stars' })).not.toBeChecked();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
    expect(screen.getByText('2 of 5')).toBeInTheDocument();
  });

  it('marks the star group invalid until a star is chosen', async () => {
    mockApi({});
    const { user, submit } = setup('Ann');
    await submit();
    const group = screen.getByRole('radiogroup', { name: 'Rating' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Rating is Required');
    await user.click(screen.getByRole('radio', { name: '1 star' }));
    await submit();
    expect(screen.queryByText('Rating is Required')).not.toBeInTheDocument();
  });

  it('uploads the photo, then saves the review and says so', async () => {
    const fetchMock = mockApi({
      'POST /api/image': { body: { success: true, data: { url: '/api/image/abc.png' } } },
      'POST /api/review': { status: 201, body: { insertedId: '9' } },
    });
    const { user, submit } = setup('Ann');
    await user.type(screen.getByLabelText('Description'), 'Great brake pads, quiet and fast delivery.');
    // From the keyboard: Tab to the stars, then arrows to the fifth.
    await user.click(screen.getByLabelText('Description'));
    await user.tab();
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await user.upload(screen.getByLabelText('Image'), pngFile());
    await submit();
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Review added successfully'));
    expect(sentBody(fetchMock, 'POST', '/api/review')).toEqual({
      name: 'Ann',
      description: 'Great brake pads, quiet and fast delivery.',
      rating: 5,
      img: '/api/image/abc.png',
    });
  });

  it('says "Failed to add review" when the server refuses (D6)', async () => {
    mockApi({
      'POST /api/image': { body: { success: true, data: { url: '/api/image/abc.png' } } },
      'POST /api/review': { status: 400, body: { error: 'Bad review', fields: { rating: 'Rating must be from 1 to 5' } } },
    });
    const { user, submit } = setup('Ann');
    await user.type(screen.getByLabelText('Description'), 'Fine');
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.upload(screen.getByLabelText('Image'), pngFile());
    await submit();
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to add review'));
    expect(await screen.findByText('Rating must be from 1 to 5')).toBeInTheDocument();
  });

  it("shows the shop's message when the account posts reviews too often (429)", async () => {
    const message = 'You have posted several reviews just now; please wait a few minutes before adding another.';
    mockApi({
      'POST /api/image': { body: { success: true, data: { url: '/api/image/abc.png' } } },
      'POST /api/review': { status: 429, body: { error: message } },
    });
    const { user, submit } = setup('Ann');
    await user.type(screen.getByLabelText('Description'), 'Another one');
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.upload(screen.getByLabelText('Image'), pngFile());
    await submit();
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith(message));
    expect(notify.error).not.toHaveBeenCalledWith('Failed to add review');
    expect(notify.success).not.toHaveBeenCalled();
    // What was typed stays, to send again later.
    expect(screen.getByLabelText('Description')).toHaveValue('Another one');
  });
});
