import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TherapistPhoto } from './therapist-photo';

const uploaded = '/media/therapists/t-isla/0123456789ab-abcdef-384.jpg';

describe('TherapistPhoto', () => {
  it('offers an uploaded photo as AVIF, WebP and JPEG in every size, sized and lazy', () => {
    const html = renderToStaticMarkup(
      <TherapistPhoto photoUrl={uploaded} alt="" pixels={64} className="h-16 w-16" />,
    );
    const prefix = '/media/therapists/t-isla/0123456789ab-abcdef';
    expect(html).toContain(
      `<source type="image/avif" srcSet="${prefix}-96.avif 96w, ${prefix}-192.avif 192w, ${prefix}-384.avif 384w" sizes="64px"/>`,
    );
    expect(html).toContain('<source type="image/webp"');
    expect(html).toContain('<source type="image/jpeg"');
    expect(html).toMatch(/<img src="[^"]+-384\.jpg" alt="" width="64" height="64" loading="lazy"/);
    expect(html).toContain('rounded-full');
  });

  it('loads a photo above the fold at once', () => {
    const html = renderToStaticMarkup(
      <TherapistPhoto
        photoUrl={uploaded}
        alt="Photo of Isla"
        pixels={144}
        className="h-36 w-36"
        eager
      />,
    );
    expect(html).toContain('alt="Photo of Isla"');
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
  });

  it('shows any other image as it is, and a drawing (never a letter) when there is none', () => {
    const portrait = renderToStaticMarkup(
      <TherapistPhoto
        photoUrl="/media/therapists/t-isla/portrait.svg"
        alt=""
        pixels={48}
        className="h-12 w-12"
      />,
    );
    expect(portrait).not.toContain('<source');
    expect(portrait).toContain('src="/media/therapists/t-isla/portrait.svg"');

    const none = renderToStaticMarkup(
      <TherapistPhoto photoUrl={null} alt="" pixels={48} className="h-12 w-12 rounded-2xl" />,
    );
    expect(none).toMatch(/^<svg viewBox="0 0 64 64" aria-hidden="true"/);
    expect(none).toContain('rounded-2xl');
    expect(none).not.toContain('rounded-full');
    expect(none.replace(/<[^>]*>/g, '')).toBe('');
  });
});
