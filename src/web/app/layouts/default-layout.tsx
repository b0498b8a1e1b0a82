import { Outlet } from 'react-router';
import { PageFrame } from '../../components/page-frame';

export function DefaultLayout() {
  return (
    <PageFrame>
      <Outlet />
    </PageFrame>
  );
}
