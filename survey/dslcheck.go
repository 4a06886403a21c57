package survey

func checkDsl(s *Survey, ix *Index) []Issue { return CompileDsl(s, ix).Issues }
