// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Aside } from './Aside';

afterEach(cleanup);

/** The classes of the sidebar layout's children, in markup order. */
function order(side: 'left' | 'right', navigation: boolean): string[] {
  const { container } = render(
    <MemoryRouter>
      <Aside side={side} width={250} navigation={navigation} content={<p>Side</p>}>
        <p>Main</p>
      </Aside>
    </MemoryRouter>,
  );
  const layout = container.querySelector('.with-aside')!;
  return [...layout.children].map((child) => child.className.split(' ')[0]!);
}

describe('Aside: the markup order of a sidebar and its content', () => {
  it('reads a menu column on the left before the content, as the original did', () => {
    expect(order('left', true)).toEqual(['page-aside', 'page-main']);
  });

  it('keeps the content first beside a right menu or any other sidebar', () => {
    expect(order('right', true)).toEqual(['page-main', 'page-aside']);
    expect(order('left', false)).toEqual(['page-main', 'page-aside']);
  });
});
