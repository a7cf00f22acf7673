import DOMPurify from 'dompurify';

/**
 * Message bodies are HTML written by the server (spec 03 §3): shown only after DOMPurify keeps
 * plain formatting and links. No script, style, form, frame or media element, no event handler
 * or style attribute, and links only to http(s), mailto, tel or a path of this site; links open
 * in a new tab without access to this page.
 */
const ALLOWED_TAGS = ['a', 'b', 'br', 'div', 'em', 'i', 'li', 'ol', 'p', 'small', 'span', 'strong', 'u', 'ul'];
const ALLOWED_ATTR = ['href', 'title'];
const SAFE_URL = /^(?:https?:|mailto:|tel:|\/(?![/\\]))/i;

let purifier: ReturnType<typeof DOMPurify> | null = null;

function messagePurifier() {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href');
    if (href !== null && !SAFE_URL.test(href.trim())) node.removeAttribute('href');
    if (node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = instance;
  return instance;
}

export function sanitizeMessageHtml(html: string): string {
  return messagePurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: SAFE_URL,
    KEEP_CONTENT: true,
    RETURN_TRUSTED_TYPE: false,
  });
}
