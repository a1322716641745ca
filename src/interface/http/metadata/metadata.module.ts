import { Module } from '@nestjs/common';
import { CatalogueModule } from './catalogue.module';
import { MetadataController } from './metadata.controller';

@Module({
  imports: [CatalogueModule],
  controllers: [MetadataController],
})
export class MetadataModule {}
