"""A storage client whose connections a pool keeps, written in the shape of the FastDFS clients."""
