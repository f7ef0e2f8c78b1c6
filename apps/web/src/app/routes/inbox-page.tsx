import { InboxList } from '@/features/notifications/components/inbox-list';

/** /founder/inbox and /investor/inbox: every notification of the signed-in account, with filters. */
export function InboxPage() {
  return <InboxList />;
}
