// The admin area (/admin and below): one island holding the site's only client-side app, the
// react-router data router in runtime/admin/app.tsx. Its code loads only on admin pages.
import { AdminApp } from '../admin/app.tsx';
import type { AdminAppProps } from '../admin/context.ts';

export default function AdminAppIsland(props: AdminAppProps) {
  return <AdminApp {...props} />;
}
