import { PageTitle } from '@/components/ui/page-title';
import { PortfolioPage } from '@/features/portfolio/components/portfolio-page';

export default function AboutRoute() {
  return (
    <>
      <PageTitle title="My Portfolio" />
      <PortfolioPage />
    </>
  );
}
