import { useParams } from 'react-router';
import { ReturnDetails } from '@/features/returns/components/return-details';

/** One of the buyer's returns: where it stands, how to send it back, and the refund. */
export default function ReturnRoute() {
  const { id = '' } = useParams();
  return <ReturnDetails key={id} id={id} viewer="buyer" />;
}
