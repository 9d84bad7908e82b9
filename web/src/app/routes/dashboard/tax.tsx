import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { TaxRatesAdmin } from '@/features/shipping/components/tax-rates-admin';

/** Tax: the rates orders are taxed at, by the country and region they go to. */
export default function TaxRoute() {
  return (
    <>
      <PageTitle title="Tax" />
      <PageHeading title="Tax">
        Rates by country, or by one region of a country. An order is taxed where it goes; a pickup where the trade counter is.
      </PageHeading>
      <TaxRatesAdmin />
    </>
  );
}
