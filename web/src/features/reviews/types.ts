/** A customer review, shown in the home page's Testimonial section. */
export type Review = { _id: string; name: string; description: string; rating: number; img: string };

export type ReviewInput = Omit<Review, '_id'>;
