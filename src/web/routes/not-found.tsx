import { useLocation } from 'react-router';
import { NotFoundView } from '../components/not-found-view';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return <NotFoundView path={pathname} />;
}
