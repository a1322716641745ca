import { Injectable } from '@nestjs/common';
import { Order } from '../../domain/checkout/order';
import { OrderRepository } from './order.repository';

/** Orders, newest first (command line, dashboard). */
@Injectable()
export class ListOrdersUseCase {
  constructor(private readonly orders: OrderRepository) {}

  execute(limit = 100, offset = 0): Promise<Order[]> {
    return this.orders.list(Math.min(Math.max(1, limit), 1000), Math.max(0, offset));
  }
}
