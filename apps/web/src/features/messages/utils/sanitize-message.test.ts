import { describe, expect, it } from 'vitest';
import { sanitizeMessageHtml } from './sanitize-message';

/** Parses the sanitised HTML as the page would, to look at what is left. */
function parsed(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = sanitizeMessageHtml(html);
  return root;
}

describe('message HTML sanitising', () => {
  it('keeps plain formatting and safe links', () => {
    const root = parsed('Your <b>FedEx</b> parcel is in locker <strong>12</strong>.<br><a href="https://airbox.example/help">Help</a>');
    expect(root.querySelector('b')?.textContent).toBe('FedEx');
    expect(root.querySelector('br')).not.toBeNull();
    const link = root.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://airbox.example/help');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.getAttribute('target')).toBe('_blank');
  });

  it.each([
    ['<script>alert(1)</script>Hello', 'script'],
    ['<img src=x onerror="alert(1)">', 'img'],
    ['<svg><script>alert(1)</script></svg>', 'svg'],
    ['<iframe src="https://evil.example"></iframe>', 'iframe'],
    ['<style>body{display:none}</style>', 'style'],
    ['<form action="https://evil.example"><input name="p"></form>', 'form'],
    ['<object data="x.swf"></object><embed src="x.swf">', 'object, embed'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', 'math'],
  ])('drops %s', (html, selector) => {
    const root = parsed(html);
    expect(root.querySelector(selector)).toBeNull();
    expect(root.innerHTML).not.toMatch(/alert\(1\)/);
  });

  it('removes every event handler and style attribute', () => {
    const root = parsed(
      '<p onclick="alert(1)" onmouseover="alert(2)" style="position:fixed">Hi <b onfocus="x()" tabindex="1">there</b> <span ONLOAD="y()">!</span></p>',
    );
    const attributes = [...root.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((attribute) => attribute.name));
    expect(attributes).toEqual([]);
    expect(root.textContent).toBe('Hi there !');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    '&#106;avascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    '//evil.example/phish',
  ])('leaves no link to %s', (href) => {
    const root = parsed(`<a href="${href}">click</a>`);
    const link = root.querySelector('a');
    expect(link?.hasAttribute('href') ?? false).toBe(false);
    expect(root.textContent).toBe('click');
  });

  it('keeps the text of markup it removes, and never runs it', () => {
    const root = parsed('<div><marquee>Pickup code <u>4821</u></marquee></div>');
    expect(root.textContent).toBe('Pickup code 4821');
    expect(root.querySelector('marquee')).toBeNull();
  });
});
