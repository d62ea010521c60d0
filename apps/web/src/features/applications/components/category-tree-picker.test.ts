import { describe, expect, it } from 'vitest';
import { toggleChild } from './category-tree-picker';

describe('category tree', () => {
  it('adds children under their parent and drops a parent with none left', () => {
    let value = toggleChild([], 'Fashion', 'Shoes', true);
    value = toggleChild(value, 'Fashion', 'Bags', true);
    value = toggleChild(value, 'Home', 'Decor', true);
    expect(value).toEqual([
      { parentCategory: 'Fashion', childCategory: ['Shoes', 'Bags'] },
      { parentCategory: 'Home', childCategory: ['Decor'] },
    ]);
    value = toggleChild(value, 'Fashion', 'Shoes', false);
    value = toggleChild(value, 'Fashion', 'Bags', false);
    expect(value).toEqual([{ parentCategory: 'Home', childCategory: ['Decor'] }]);
  });
});
