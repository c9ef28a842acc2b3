export { kolItemDecoder, videoItemDecoder } from '../../../lib/item-decoders';
