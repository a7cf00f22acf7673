import { describe, expect, it } from 'vitest';
import { brandedMail } from './mail-layout.js';

const config = { brandName: 'AirBox', publicUrl: 'http://localhost:8080' };

describe('the branded mail layout', () => {
  it('says the same in its text and HTML parts: greeting, paragraphs, button, signature', () => {
    const mail = brandedMail(config, 'ann@example.com', {
      subject: 'AirBox: your label was refunded',
      lines: ['Label 1234 was refunded.', 'The money goes back to your card.'],
      action: { label: 'Purchased Labels', link: 'http://localhost:8080/app/ShipmentParent/shipment?orderno=1234' },
      firstName: 'Ann',
    });
    expect(mail.to).toBe('ann@example.com');
    expect(mail.subject).toBe('AirBox: your label was refunded');
    expect(mail.link).toBe('http://localhost:8080/app/ShipmentParent/shipment?orderno=1234');
    expect(mail.text).toBe(
      [
        'Hello Ann,',
        '',
        'Label 1234 was refunded.',
        '',
        'The money goes back to your card.',
        '',
        'Purchased Labels: http://localhost:8080/app/ShipmentParent/shipment?orderno=1234',
        '',
        'The AirBox team',
      ].join('\n'),
    );
    expect(mail.html).toContain('<h1 style="font-size: 20px">AirBox</h1>');
    expect(mail.html).toContain('<p>Hello Ann,</p>');
    expect(mail.html).toContain('<p>Label 1234 was refunded.</p>\n<p>The money goes back to your card.</p>');
    expect(mail.html).toContain('href="http://localhost:8080/app/ShipmentParent/shipment?orderno=1234"');
    expect(mail.html).toContain('<p>The AirBox team</p>');
  });

  it('escapes every value in the HTML part and leaves the text part as written', () => {
    const mail = brandedMail(config, 'x@example.com', {
      subject: 'A <b>subject</b>',
      lines: ['Tracking <script>alert(1)</script> & "more"'],
      action: { label: 'Go <now>', link: 'http://localhost:8080/app/x?a=1&b="2"' },
      firstName: '<Ann>',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('<title>A &lt;b&gt;subject&lt;/b&gt;</title>');
    expect(mail.html).toContain('<p>Hello &lt;Ann&gt;,</p>');
    expect(mail.html).toContain('Tracking &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;');
    expect(mail.html).toContain('href="http://localhost:8080/app/x?a=1&amp;b=&quot;2&quot;"');
    expect(mail.text).toContain('Tracking <script>alert(1)</script> & "more"');
  });

  it('greets without a name and carries no link without an action', () => {
    const mail = brandedMail(config, 'x@example.com', { subject: 'Your AirBox password was changed', lines: ['It changed.'] });
    expect(mail.text.startsWith('Hello,\n\nIt changed.\n')).toBe(true);
    expect(mail.html).not.toContain('<a ');
    expect(mail).not.toHaveProperty('link');
  });
});
