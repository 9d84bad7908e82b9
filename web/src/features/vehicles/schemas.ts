import { z } from '@/lib/zod';

/** The garage's limits, as the shop checks them. */
const FIRST_YEAR = 1950;
const MAX_NAME = 60;
const MAX_ENGINE = 40;
const MAX_NICKNAME = 60;

/** A garage vehicle's model year: 1950 to next year (next year's models are on sale already). */
const lastYear = () => new Date().getFullYear() + 1;

const optional = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`);

/** A vehicle added by hand: year, make and model, and optionally its engine, trim and a nickname. */
export const garageVehicleSchema = z.object({
  year: z
    .string()
    .trim()
    .min(1, 'Year is Required')
    .refine((v) => /^\d{4}$/.test(v) && Number(v) >= FIRST_YEAR && Number(v) <= lastYear(), `Year must be from ${FIRST_YEAR} to ${lastYear()}`),
  make: z.string().trim().min(1, 'Make is Required').max(MAX_NAME, `Make must be at most ${MAX_NAME} characters`),
  model: z.string().trim().min(1, 'Model is Required').max(MAX_NAME, `Model must be at most ${MAX_NAME} characters`),
  engine: optional('Engine', MAX_ENGINE),
  trim: optional('Trim', MAX_NAME),
  nickname: optional('Nickname', MAX_NICKNAME),
});

export type GarageVehicleValues = z.input<typeof garageVehicleSchema>;

/** A nickname on its own, as "Edit nickname" changes it (blank: none). */
export const nicknameSchema = z.object({ nickname: optional('Nickname', MAX_NICKNAME) });

export type NicknameValues = z.input<typeof nicknameSchema>;
