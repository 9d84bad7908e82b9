import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveVehicle } from '@/lib/vehicle';
import { makePart } from '@/test/parts';
import { fitsVehicle, yearSpan } from '../fitment';
import { FitMessage, PartSpecs } from './part-fit';

const corolla = [{ make: 'Toyota', model: 'Corolla', yearFrom: 2009, yearTo: 2019 }];

describe('fit', () => {
  it('matches make and model in any case and the year within the span, ends included', () => {
    expect(fitsVehicle(corolla, { make: 'toyota', model: 'COROLLA', year: 2009 })).toBe(true);
    expect(fitsVehicle(corolla, { make: 'Toyota', model: 'Corolla', year: 2019 })).toBe(true);
    expect(fitsVehicle(corolla, { make: 'Toyota', model: 'Corolla', year: 2020 })).toBe(false);
    expect(fitsVehicle(corolla, { make: 'Toyota', model: 'Camry', year: 2015 })).toBe(false);
    expect(fitsVehicle([], { make: 'Toyota', model: 'Corolla', year: 2015 })).toBe(false);
  });

  it('says nothing when no vehicle is chosen', () => {
    const { container } = render(<FitMessage fitments={corolla} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says the part fits the chosen vehicle', () => {
    saveVehicle({ make: 'Toyota', model: 'Corolla', year: 2015 });
    render(<FitMessage fitments={corolla} />);
    expect(screen.getByText('Fits your 2015 Toyota Corolla')).toBeInTheDocument();
  });

  it('says the part is not listed for another vehicle', () => {
    saveVehicle({ make: 'Toyota', model: 'Corolla', year: 2021 });
    render(<FitMessage fitments={corolla} />);
    expect(screen.getByText('Not listed for your 2021 Toyota Corolla')).toBeInTheDocument();
  });

  it('lists the SKU, OEM numbers, category and every vehicle', () => {
    render(
      <PartSpecs
        part={makePart({
          sku: 'BRK-1042',
          oemNumbers: ['04465-33450', '04465-YZZ52'],
          category: 'Brakes',
          fitments: [...corolla, { make: 'Lexus', model: 'CT200h', yearFrom: 2011, yearTo: 2011 }],
        })}
      />,
    );
    expect(screen.getByText('BRK-1042')).toBeInTheDocument();
    expect(screen.getByText('04465-33450, 04465-YZZ52')).toBeInTheDocument();
    expect(screen.getByText('Brakes')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Toyota Corolla (2009–2019)', 'Lexus CT200h (2011)']);
    expect(yearSpan({ yearFrom: 2011, yearTo: 2011 })).toBe('2011');
  });

  it("says where the part goes on the buyer's vehicle and the fitment's note", () => {
    saveVehicle({ make: 'Toyota', model: 'Corolla', year: 2015, engine: '1.8L L4' });
    render(<FitMessage fitments={[{ ...corolla[0]!, axle: 'front', note: 'Not for the hybrid' }]} />);
    expect(screen.getByText('Fits your 2015 Toyota Corolla 1.8L, front axle')).toBeInTheDocument();
    expect(screen.getByText('Note: Not for the hybrid')).toBeInTheDocument();
  });

  it('lists each vehicle with its engine, trim, position and note, and the numbers the part replaces', () => {
    render(
      <PartSpecs
        part={makePart({
          replaces: ['04465-02220', 'BRK-1040'],
          fitments: [
            { ...corolla[0]!, engine: '1.8L L4', axle: 'front' },
            { make: 'Toyota', model: 'Camry', yearFrom: 2012, yearTo: 2017, trim: 'LE', side: 'left', note: 'Manual transmission only' },
          ],
        })}
      />,
    );
    expect(screen.getByText('Replaces').nextElementSibling).toHaveTextContent('04465-02220, BRK-1040');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Toyota Corolla (2009–2019)1.8L L4 · front axle',
      'Toyota Camry (2012–2017)LE trim · left side · Manual transmission only',
    ]);
  });

  it('leaves Replaces out when the part replaces no older number', () => {
    render(<PartSpecs part={makePart()} />);
    expect(screen.queryByText('Replaces')).not.toBeInTheDocument();
  });
});
