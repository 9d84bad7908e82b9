import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { AuditLog } from '@/features/admin/components/audit-log';

/** Audit Log: every admin action, who did it and what it changed. */
export default function AuditRoute() {
  return (
    <>
      <PageTitle title="Audit Log" />
      <PageHeading title="Audit Log">Every change an admin made, newest first. Records cannot be edited or deleted.</PageHeading>
      <AuditLog />
    </>
  );
}
