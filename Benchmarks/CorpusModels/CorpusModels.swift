import JSONMapper
