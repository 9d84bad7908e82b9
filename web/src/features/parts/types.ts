/** A part in the catalogue, as `/api/part` answers it. */
export type Part = {
  _id: string;
  name: string;
  description: string;
  img: string;
  /** Unit price in currency units. */
  price: number;
  availableQuantity: number;
  minimumOrder: number;
};

/** The fields an admin sends to add a part. */
export type PartInput = Pick<Part, 'name' | 'description' | 'img' | 'price' | 'availableQuantity' | 'minimumOrder'>;
