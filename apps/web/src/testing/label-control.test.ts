import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

/** vitest.setup.ts finds a `<label for>`'s control through the document's id index: what it answers. */
describe('a label’s control in the tests’ jsdom', () => {
  it('is the labelable element the label’s `for` names, the first with that id, and names it', () => {
    document.body.innerHTML = `
      <label for="email">Email</label><input id="email">
      <label for="note">Note</label><div id="note"></div>
      <label for="twice">Twice</label><select id="twice"></select><input id="twice">
      <label for="">Empty</label>
      <label>Wrapped <textarea></textarea></label>`;
    const [email, note, twice, empty, wrapped] = [...document.querySelectorAll('label')];
    expect(email!.control).toBe(document.getElementById('email'));
    expect(note!.control).toBeNull();
    expect(twice!.control).toBe(document.querySelector('select'));
    expect(empty!.control).toBeNull();
    expect(wrapped!.control).toBe(document.querySelector('textarea'));
    expect([...(document.querySelector('input') as HTMLInputElement).labels!]).toEqual([email]);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBe(document.getElementById('email'));
    expect(screen.getByRole('combobox', { name: 'Twice' })).toBe(document.querySelector('select'));
  });

  it('follows an id that changes, and finds a control in a detached tree as jsdom does', () => {
    document.body.innerHTML = '<label for="a">A</label><input id="b">';
    const label = document.querySelector('label')!;
    expect(label.control).toBeNull();
    document.querySelector('input')!.id = 'a';
    expect(label.control).toBe(document.querySelector('input'));

    const detached = document.createElement('div');
    detached.innerHTML = '<label for="c">C</label><input id="c">';
    expect(detached.querySelector('label')!.control).toBe(detached.querySelector('input'));
  });
});
