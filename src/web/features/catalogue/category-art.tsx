import facials from './art/facials.svg';
import hair from './art/hair.svg';
import lashesBrows from './art/lashes-brows.svg';
import makeUp from './art/make-up.svg';
import massage from './art/massage.svg';
import nails from './art/nails.svg';
import other from './art/other.svg';
import waxing from './art/waxing.svg';
import { categoryAnchor } from './group-treatments';

// Our own drawings of each treatment category (docs/assets.md), in the brand's pinks. Decorative:
// the category's name is always written beside them, so they carry alt="". Each is half a KB, so
// the build writes it into the script as a data URL: nothing to download. They are neither lazy
// nor decoded asynchronously, which only made them appear a moment after the menu they sit in
// (a lazy image waits for layout to find it near the screen); width and height keep their place.

const ART: Readonly<Record<string, string>> = {
  'category-massage': massage,
  'category-facials': facials,
  'category-nails': nails,
  'category-lashes-brows': lashesBrows,
  'category-hair': hair,
  'category-waxing': waxing,
  'category-make-up': makeUp,
};

/** The drawing for a category (matched by name, case and punctuation aside), or a flower. */
export function categoryArtUrl(category: string): string {
  return ART[categoryAnchor(category)] ?? other;
}

export function CategoryArt({
  category,
  pixels,
  className = '',
}: {
  category: string;
  pixels: number;
  className?: string;
}) {
  return (
    <img
      src={categoryArtUrl(category)}
      alt=""
      width={pixels}
      height={pixels}
      className={`shrink-0 ${className}`}
    />
  );
}
