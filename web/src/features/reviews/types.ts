/** A customer review, shown in the home page's Testimonial section. */
export type Review = {
  _id: string;
  name: string;
  description: string;
  rating: number;
  img: string;
  /** The author has a paid order (absent from older answers: not shown as verified). */
  verifiedBuyer?: boolean;
};

export type ReviewInput = Pick<Review, 'name' | 'description' | 'rating' | 'img'>;
