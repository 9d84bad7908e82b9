import type { CatalogueQuery } from './catalogue-query';
import type { VehicleMake } from './types';

type Span = { yearFrom: number; yearTo: number };

/** What the vehicle selects hold: a make, its model and a year, each possibly not chosen; and the engine, when known. */
export type VehicleChoice = Pick<CatalogueQuery, 'make' | 'model' | 'year' | 'engine'>;

/** Whether a model's years include `year` (any year when none is chosen). */
const covers = (span: Span, year: number | null) => year === null || (span.yearFrom <= year && year <= span.yearTo);
/** Makes and models compare in any case, as the shop compares them. */
export const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The choices each select offers, given what is chosen in the others (a chosen value always stays listed). */
export function vehicleOptions(makes: readonly VehicleMake[], { make, model, year }: VehicleChoice) {
  const chosenMake = makes.find((m) => sameName(m.make, make));
  const models = (chosenMake?.models ?? []).filter((m) => covers(m, year)).map((m) => m.model);
  const spans: Span[] = chosenMake
    ? chosenMake.models.filter((m) => !model || sameName(m.model, model))
    : makes.flatMap((m) => m.models);
  const years = new Set<number>();
  for (const span of spans) for (let y = span.yearTo; y >= span.yearFrom; y -= 1) years.add(y);
  if (year !== null) years.add(year);
  const makeNames = makes.filter((m) => m.models.some((s) => covers(s, year))).map((m) => m.make);
  if (make && !makeNames.some((m) => sameName(m, make))) makeNames.push(make);
  if (model && !models.some((m) => sameName(m, model))) models.push(model);
  // A link may spell a make or model in another case: the selects show the catalogue's spelling.
  const spelled = (list: string[], value: string) => list.find((item) => sameName(item, value)) ?? value;
  return {
    years: [...years].sort((a, b) => b - a),
    makes: makeNames,
    models,
    make: spelled(makeNames, make),
    model: spelled(models, model),
  };
}
