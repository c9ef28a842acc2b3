export { videoItemShape } from '../../../lib/item-decoders';
