import { useParams } from 'react-router';
import { ReturnDetails } from '@/features/returns/components/return-details';

/** One return as the staff see it: the buyer, the parts, why, the refund and the moves it allows. */
export default function ManageReturnRoute() {
  const { id = '' } = useParams();
  return <ReturnDetails key={id} id={id} viewer="admin" />;
}
