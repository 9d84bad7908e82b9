import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveVehicle } from '@/lib/vehicle';
import { makePart } from '@/test/parts';
import { mockApi, renderWithProviders } from '@/test/render';
import { FitNote, PartFitNote } from './part-fit-note';

const corollaPads = makePart({ _id: '5', fitments: [{ make: 'Toyota', model: 'Corolla', yearFrom: 2009, yearTo: 2019 }] });
const bmwDisc = makePart({ _id: '6', fitments: [{ make: 'BMW', model: '3 Series', yearFrom: 2012, yearTo: 2018 }] });

describe('the fit note (D35)', () => {
  it('says a part fits the chosen vehicle, or is not listed for it', () => {
    saveVehicle({ make: 'Toyota', model: 'Corolla', year: 2014 });
    renderWithProviders(
      <>
        <FitNote fitments={corollaPads.fitments} />
        <FitNote fitments={bmwDisc.fitments} />
      </>,
    );
    expect(screen.getByText('Fits your 2014 Toyota Corolla')).toHaveAttribute('data-fit', 'fits');
    expect(screen.getByText('Not listed for your 2014 Toyota Corolla')).toHaveAttribute('data-fit', 'not-listed');
  });

  it('says nothing without a chosen vehicle, and asks the shop for nothing', () => {
    const fetchMock = mockApi({});
    renderWithProviders(
      <>
        <FitNote fitments={bmwDisc.fitments} />
        <PartFitNote partId="6" />
      </>,
    );
    expect(screen.queryByText(/Fits your|Not listed/)).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reads a line's part for its fitments", async () => {
    saveVehicle({ make: 'Toyota', model: 'Corolla', year: 2014 });
    mockApi({ 'GET /api/part/6': { body: bmwDisc } });
    renderWithProviders(<PartFitNote partId="6" />);
    expect(await screen.findByText('Not listed for your 2014 Toyota Corolla')).toBeInTheDocument();
  });
});
