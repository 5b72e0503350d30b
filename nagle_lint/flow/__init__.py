"""Flow analysis: write, read, flush and option events per connection along each path."""
