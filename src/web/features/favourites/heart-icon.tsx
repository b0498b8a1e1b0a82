import { Icon, type IconProps } from '../../components/icons';

/** A heart, outlined, or filled when `filled` (a saved favourite). */
export function HeartIcon({ filled, ...props }: IconProps & { filled: boolean }) {
  return (
    <Icon {...props}>
      <path
        d="M12 20.5s-7.5-4.6-9.2-9.4C1.6 7.6 3.8 4.5 7.1 4.5c2 0 3.6 1.1 4.9 2.9 1.3-1.8 2.9-2.9 4.9-2.9 3.3 0 5.5 3.1 4.3 6.6-1.7 4.8-9.2 9.4-9.2 9.4z"
        fill={filled ? 'currentColor' : 'none'}
      />
    </Icon>
  );
}
