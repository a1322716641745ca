import { Module } from '@nestjs/common';
import { OrderRepository } from '../../../application/checkout/order.repository';
import { KeysPersistenceModule } from '../keys/keys-persistence.module';
import { TypeOrmOrderRepository } from './typeorm-order.repository';

/** Binds the orders port; its adapter drops the key cache of this instance after a revocation. */
@Module({
  imports: [KeysPersistenceModule],
  providers: [{ provide: OrderRepository, useClass: TypeOrmOrderRepository }],
  exports: [OrderRepository],
})
export class OrdersPersistenceModule {}
