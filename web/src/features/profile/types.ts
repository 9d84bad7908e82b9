/** The signed-in user's profile (one per user). */
export type Profile = {
  _id: string;
  education: string;
  location: string;
  city: string;
  phone: string;
  linkedin: string;
  img: string;
  updatedAt?: string;
};

export type ProfileInput = Omit<Profile, '_id' | 'updatedAt'>;
