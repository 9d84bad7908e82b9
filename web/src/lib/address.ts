/** The fields of a postal address, as addresses, orders and the trade counter all have them. */
export type PostalAddress = {
  line1: string;
  line2?: string | null;
  city: string;
  region?: string | null;
  postcode: string;
  country: string;
};

/** An address as it is written on an envelope, one line each, empty parts left out: "Springfield, IL 62704". */
export function addressLines(address: PostalAddress): string[] {
  const town = [address.city, [address.region, address.postcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.line1, address.line2 ?? '', town, address.country].map((line) => line.trim()).filter(Boolean);
}
