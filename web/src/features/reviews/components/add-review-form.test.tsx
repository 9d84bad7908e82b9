import { screen } from '@testing-library/react';
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

  it('fills the name from the signed-in user', () => {
    mockApi({});
    setup('Ann Lee');
    expect(screen.getByLabelText('Name')).toHaveValue('Ann Lee');
  });

  it('takes only a whole rating from 1 to 5 (D9)', async () => {
    mockApi({});
    const { user, submit } = setup('Ann');
    await user.type(screen.getByLabelText('Rating'), '7');
    await submit();
    expect(await screen.findByText('Rating must be a whole number from 1 to 5')).toBeInTheDocument();
  });

  it('uploads the photo, then saves the review and says so', async () => {
    const fetchMock = mockApi({
      'POST /api/image': { body: { success: true, data: { url: '/api/image/abc.png' } } },
      'POST /api/review': { status: 201, body: { insertedId: '9' } },
    });
    const { user, submit } = setup('Ann');
    await user.type(screen.getByLabelText('Description'), 'Great brake pads, quiet and fast delivery.');
    await user.type(screen.getByLabelText('Rating'), '5');
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
    await user.type(screen.getByLabelText('Rating'), '4');
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
    await user.type(screen.getByLabelText('Rating'), '4');
    await user.upload(screen.getByLabelText('Image'), pngFile());
    await submit();
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith(message));
    expect(notify.error).not.toHaveBeenCalledWith('Failed to add review');
    expect(notify.success).not.toHaveBeenCalled();
    // What was typed stays, to send again later.
    expect(screen.getByLabelText('Description')).toHaveValue('Another one');
  });
});
