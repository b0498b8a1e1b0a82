import { Outlet } from 'react-router';
import { PageFrame } from '../page-frame';

export function DefaultLayout() {
  return (
    <PageFrame>
      <Outlet />
    </PageFrame>
  );
}
