import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { ContactMessages } from '@/features/admin/components/contact-messages';

/** Messages: what visitors sent with the home page's contact form. */
export default function MessagesRoute() {
  return (
    <>
      <PageTitle title="Messages" />
      <PageHeading title="Messages">What visitors sent with the contact form; each was also mailed to the shop.</PageHeading>
      <ContactMessages />
    </>
  );
}
