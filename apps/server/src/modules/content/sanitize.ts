import sanitizeHtml from 'sanitize-html';

/** The only inline images kept in operator HTML: raster images, base64. */
const INLINE_RASTER_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,/i;

/**
 * What operator HTML may keep: text formatting, lists, tables, links and images. No scripts,
 * no event handlers, no styles, no frames; links only http(s) and mailto, images http(s) and
 * inline raster images. Used before every write and again on every read (ARCHITECTURE: defence in depth).
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'span',
    'h3',
    'h4',
    'h5',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
    img: (tagName, attribs) => {
      // An inline image must be a raster image: `data:text/html` or SVG has no place in src.
      const { src, ...rest } = attribs;
      const keep = src === undefined || !/^\s*data:/i.test(src) || INLINE_RASTER_IMAGE.test(src);
      return { tagName, attribs: keep && src !== undefined ? { ...rest, src } : rest };
    },
  },
};

export function sanitizeOperatorHtml(html: string): string {
  return sanitizeHtml(html, options);
}

/** Titles are shown as text; any markup in them is dropped entirely. */
export function plainText(value: string): string {
  return sanitizeHtml(value, { allowedTags: [], allowedAttributes: {} }).trim();
}
