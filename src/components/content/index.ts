/**
 * The components MDX pages may use without importing them (passed to `<Content components={…} />`).
 * Documented for content editors in ./README.md.
 */
import Accordion from './Accordion.astro';
import CallToAction from './CallToAction.astro';
import Email from './Email.astro';
import Fact from './Fact.astro';
import Figure from './Figure.astro';
import FeatureCard from './FeatureCard.astro';
import Section from './Section.astro';
import Tile from './Tile.astro';
import UseCase from './UseCase.astro';
import HardwareTable from '~/components/proof/HardwareTable.astro';
import BenchmarkTable from '~/components/proof/BenchmarkTable.astro';
import HardwareChanges from '~/components/proof/HardwareChanges.astro';

export const contentComponents = {
  Accordion,
  BenchmarkTable,
  CallToAction,
  Email,
  Fact,
  FeatureCard,
  Figure,
  HardwareChanges,
  HardwareTable,
  Section,
  Tile,
  UseCase,
};
