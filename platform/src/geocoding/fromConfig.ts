import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { ChainGeocoder } from './chain.js';
import { DawaGeocoder } from './dawa.js';
import { GazetteerGeocoder } from './gazetteer.js';
import { KartverketGeocoder } from './kartverket.js';
import { NominatimGeocoder } from './nominatim.js';
import { PhotonGeocoder } from './photon.js';
import type { Geocoder } from './types.js';

type GeocoderConfig = Pick<
  Config,
  | 'GEOCODER'
  | 'GEOCODER_URL'
  | 'GEOCODER_USER_AGENT'
  | 'GEOCODER_KARTVERKET_URL'
  | 'GEOCODER_DAWA_URL'
>;

/**
 * The geocoders a configuration asks for, in the order a chain asks them: the country's own
 * address register (Kartverket for NO, DAWA for DK) where configured, then the OpenStreetMap
 * service at GEOCODER_URL, then the shipped gazetteer, which always answers last.
 */
export function geocodersFromConfig(config: GeocoderConfig, logger: Logger): Geocoder[] {
  // Spec §8: a failed lookup shows no message; it is logged here.
  const options = (name: string, baseUrl: string) => ({
    baseUrl,
    userAgent: config.GEOCODER_USER_AGENT,
    onError: (err: unknown) => logger.warn({ err }, `${name} lookup failed`),
  });
  const chain: Geocoder[] = [];
  if (config.GEOCODER_KARTVERKET_URL)
    chain.push(new KartverketGeocoder(options('kartverket', config.GEOCODER_KARTVERKET_URL)));
  if (config.GEOCODER_DAWA_URL)
    chain.push(new DawaGeocoder(options('dawa', config.GEOCODER_DAWA_URL)));
  if (config.GEOCODER === 'nominatim' && config.GEOCODER_URL)
    chain.push(new NominatimGeocoder(options('nominatim', config.GEOCODER_URL)));
  if (config.GEOCODER === 'photon' && config.GEOCODER_URL)
    chain.push(new PhotonGeocoder(options('photon', config.GEOCODER_URL)));
  chain.push(new GazetteerGeocoder());
  return chain;
}

/** The geocoder a configuration asks for: one geocoder, or a chain of them. */
export function geocoderFromConfig(config: GeocoderConfig, logger: Logger): Geocoder {
  const chain = geocodersFromConfig(config, logger);
  return chain.length === 1 ? chain[0]! : new ChainGeocoder(chain);
}
