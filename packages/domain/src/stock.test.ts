import { describe, expect, it } from 'vitest';
import { canSupply, stockState, tracksStock } from './products.js';

describe('stock', () => {
  it('a product without a count is untracked and can always supply; a count, even 0, is tracked', () => {
    expect(tracksStock({})).toBe(false);
    expect(tracksStock({ stock: 0 })).toBe(true);
    expect(tracksStock({ stock: 5, trackInventory: false })).toBe(false);
    expect(canSupply({ trackInventory: false, inventoryQuantity: 0 }, 1_000)).toBe(true);
    expect(canSupply({ trackInventory: true, inventoryQuantity: 2 }, 3)).toBe(false);
    expect(canSupply({ trackInventory: true, inventoryQuantity: 3 }, 3)).toBe(true);
  });

  it('tells the buyer "In stock", "Only N left" or "Sold out"; untracked stock shows no count', () => {
    expect(stockState({ track_inventory: false, inventory_quantity: 0 }).label).toBe('In stock');
    expect(stockState({ track_inventory: true, inventory_quantity: 0 }).label).toBe('Sold out');
    expect(stockState({ track_inventory: true, inventory_quantity: 3 }).label).toBe('Only 3 left');
    expect(stockState({ track_inventory: true, inventory_quantity: 50 }).label).toBe('In stock');
  });
});
